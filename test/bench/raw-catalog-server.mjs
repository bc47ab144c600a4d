// The catalog benchmark's baseline: plain node:http + pg running the API's
// exact catalogue statement and answering the same JSON shape.
import { createServer } from 'node:http';
import pg from 'pg';
import { catalogue } from '../../backend/dist/modules/courses/courses.repository.js';

const [databaseUrl, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

createServer(async (req, res) => {
  try {
    // pgtyped runs its statement on anything with pg's query(text, values) → { rows }.
    const rows = await catalogue.run(undefined, pool);
    const courses = rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      instructor: row.instructor,
      thumbnail: row.thumbnail,
      duration: row.duration,
      category: row.category,
      lessonsCount: row.published_lessons,
      students: row.students,
      rating: Number(row.rating),
      ratingsCount: row.ratings_count,
      progress: 0,
      completedLessons: 0,
      myRating: null,
    }));
    const body = JSON.stringify({ success: true, courses });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
