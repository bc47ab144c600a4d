import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Lesson } from './lesson.entity';

export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const COURSE_CATEGORIES = ['Marketing', 'Traffic', 'Monetization', 'Analytics', 'Automation', 'Strategy', 'Finance', 'Psychology', 'General'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

@Entity('courses')
export class Course {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar', { length: 200 })
  title: string;

  @Column('text', { default: '' })
  description: string;

  @Column('varchar', { length: 120, default: '' })
  instructor: string;

  @Column('varchar', { length: 1000, default: '' })
  thumbnail: string;

  @Column('varchar', { length: 40, default: '1h 0m' })
  duration: string;

  @Column('varchar', { length: 40, default: 'Marketing' })
  category: CourseCategory;

  @Column('varchar', { length: 16, default: 'draft' })
  status: CourseStatus;

  /** Decimal text, e.g. "197.00": never a float. */
  @Column('numeric', { precision: 10, scale: 2, default: 0 })
  price: string;

  /** The planned number of lessons the admin enters ('lessons/totalLessons' on cards). */
  @Column('int', { name: 'total_lessons', default: 0 })
  totalLessons: number;

  @OneToMany(() => Lesson, (lesson) => lesson.course)
  lessons: Lesson[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
