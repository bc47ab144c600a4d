import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Course } from './course.entity';

export const LESSON_TYPES = ['video', 'text', 'pdf'] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

@Entity('lessons')
export class Lesson {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('int', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, (course) => course.lessons, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course: Course;

  @Column('varchar', { length: 200 })
  title: string;

  @Column('varchar', { length: 8, default: 'text' })
  type: LessonType;

  @Column('varchar', { length: 40, default: '10 min' })
  duration: string;

  /** Sanitised HTML (markdown is converted on write). */
  @Column('text', { default: '' })
  content: string;

  @Column('varchar', { name: 'video_url', length: 1000, nullable: true })
  videoUrl: string | null;

  @Column('varchar', { name: 'pdf_url', length: 1000, nullable: true })
  pdfUrl: string | null;

  @Column('int', { name: 'sort_order', default: 1 })
  order: number;

  @Column('boolean', { default: false })
  published: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
