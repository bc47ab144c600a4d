import { queryRows } from '../../../database/sql.repository';
import { deflateSync, crc32 } from 'node:zlib';
import type { SeedStep } from '../../../database/seeds/seed-runner';
import { simplePdf, thumbnailSvg, writeSeedMedia } from '../../../database/seeds/seed-files';
import { formatBytes, storeSeedFile } from '../../media';
import {
  DEMO_AFFILIATE_PROGRAMS,
  DEMO_AUTOMATIONS,
  DEMO_BOTS,
  DEMO_CLOUD_FOLDERS,
  DEMO_CONTENT,
  DEMO_TESTIMONIALS,
  DEMO_TOOL_CATEGORIES,
} from './demo-resources';

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: a diagonal gradient of the given colour. */
function gradientPng([r, g, b]: [number, number, number], width = 320, height = 180): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const shade = 0.55 + 0.45 * ((x + y) / (width + height));
      raw.set([Math.round(r * shade), Math.round(g * shade), Math.round(b * shade)], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const resourcesSeed: SeedStep = {
  key: 'resources',
  async run(manager, dirs) {
    const { mediaDir } = dirs;
    for (const [i, p] of DEMO_AFFILIATE_PROGRAMS.entries()) {
      await manager.query(
        `INSERT INTO affiliate_programs (name, website, description, min_payout, payment_models, sort_order) VALUES ($1, $2, $3, $4, $5, $6)`,
        [p.name, `https://${slug(p.name)}.example.com`, p.description, p.minPayout, p.paymentModels, i + 1],
      );
    }

    for (const [i, category] of DEMO_TOOL_CATEGORIES.entries()) {
      const [{ id }] = await queryRows<{ id: number }>(manager, `INSERT INTO tool_categories (title, icon, sort_order) VALUES ($1, $2, $3) RETURNING id`, [
        category.title,
        category.icon,
        i + 1,
      ]);
      for (const [j, tool] of category.tools.entries()) {
        await manager.query(
          `INSERT INTO tools (category_id, name, description, website, promo_code, discount, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [id, tool.name, tool.description, `https://${slug(tool.name)}.example.com`, tool.promoCode ?? null, tool.discount ?? null, j + 1],
        );
      }
    }

    for (const [i, a] of DEMO_AUTOMATIONS.entries()) {
      await manager.query(
        `INSERT INTO automation_templates (name, description, icon, department, category, link, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [a.name, a.description, a.icon, a.department, a.category, `https://example.com/n8n-workflows/${slug(a.name)}`, i + 1],
      );
    }

    for (const [i, bot] of DEMO_BOTS.entries()) {
      const image = writeSeedMedia(mediaDir, `bot-${i + 1}.svg`, thumbnailSvg(bot.name, '#0f172a', '#7c3aed'));
      await manager.query(`INSERT INTO bots (name, description, price, image, features, download_url, sort_order) VALUES ($1, $2, 'Free', $3, $4, $5, $6)`, [
        bot.name,
        bot.description,
        image,
        bot.features,
        `https://example.com/bots/${slug(bot.name)}.zip`,
        i + 1,
      ]);
    }

    for (const [i, folder] of DEMO_CLOUD_FOLDERS.entries()) {
      await manager.query(`INSERT INTO cloud_folders (title, description, url, sort_order) VALUES ($1, $2, $3, $4)`, [
        folder.title,
        folder.description,
        `https://drive.example.com/folders/${slug(folder.title)}`,
        i + 1,
      ]);
    }

    for (const [i, item] of DEMO_CONTENT.entries()) {
      const thumbnail = writeSeedMedia(mediaDir, `content-${i + 1}.svg`, thumbnailSvg(item.title, '#1e293b', '#2563eb'));
      let file: { id: string | null; url: string; size: number | null };
      if (item.type === 'document') {
        file = await storeSeedFile(manager, dirs, {
          name: `${slug(item.title)}.pdf`,
          mimeType: 'application/pdf',
          extension: 'pdf',
          content: simplePdf(item.title, item.paragraphs ?? []),
        });
      } else if (item.type === 'image') {
        file = await storeSeedFile(manager, dirs, {
          name: `${slug(item.title)}.png`,
          mimeType: 'image/png',
          extension: 'png',
          content: gradientPng(item.color ?? [100, 100, 100]),
        });
      } else {
        file = { id: null, url: `https://media.example.com/${item.type}/${slug(item.title)}`, size: null };
      }
      await manager.query(
        `INSERT INTO content_items (title, type, category, duration, size, size_bytes, tags, date_added, thumbnail, file_url, media_id, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, CURRENT_DATE - $8::int, $9, $10, $11, $12)`,
        [
          item.title,
          item.type,
          item.category,
          item.duration ?? null,
          file.size === null ? (item.size ?? null) : formatBytes(file.size),
          file.size,
          item.tags,
          item.daysAgo,
          thumbnail,
          file.url,
          file.id,
          i + 1,
        ],
      );
    }

    for (const [i, t] of DEMO_TESTIMONIALS.entries()) {
      await manager.query(`INSERT INTO testimonials (name, text, rating, sort_order) VALUES ($1, $2, 5, $3)`, [t.name, t.text, i + 1]);
    }
  },
};
