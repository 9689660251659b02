import sharp from 'sharp';
import { seededRandom, type Random } from './random.ts';

/** The look of one category's pictures: a gradient, an accent and a motif drawn over it. */
export interface ImageStyle {
  from: string;
  to: string;
  accent: string;
  motif: Motif;
}

export type Motif =
  'bars' | 'nodes' | 'rings' | 'stars' | 'stripes' | 'waves' | 'columns' | 'pitch' | 'beams';

export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 675;

const W = IMAGE_WIDTH;
const H = IMAGE_HEIGHT;

/** An abstract cover picture as SVG: no text, so no font is needed to render it. */
export function coverSvg(style: ImageStyle, seed: string): string {
  const rnd = seededRandom(seed);
  const angle = rnd.int(0, 359);
  const glowX = rnd.int(W * 0.15, W * 0.85);
  const glowY = rnd.int(H * 0.1, H * 0.6);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    '<defs>',
    `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">`,
    `<stop offset="0" stop-color="${style.from}"/><stop offset="1" stop-color="${style.to}"/>`,
    '</linearGradient>',
    '<radialGradient id="glow">',
    '<stop offset="0" stop-color="#ffffff" stop-opacity="0.3"/>',
    '<stop offset="1" stop-color="#ffffff" stop-opacity="0"/>',
    '</radialGradient>',
    '<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">',
    '<stop offset="0.55" stop-color="#000000" stop-opacity="0"/>',
    '<stop offset="1" stop-color="#000000" stop-opacity="0.35"/>',
    '</linearGradient>',
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    backdrop(rnd),
    MOTIFS[style.motif](rnd, style.accent),
    `<circle cx="${glowX}" cy="${glowY}" r="420" fill="url(#glow)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#shade)"/>`,
    '</svg>',
  ].join('');
}

/** Renders a cover as a JPEG of about 15–45 KB (plain libjpeg: mozjpeg would take twice as long). */
export async function renderCover(style: ImageStyle, seed: string): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(style, seed)))
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** Large soft shapes shared by every motif, so two pictures of a category still differ. */
function backdrop(rnd: Random): string {
  const shapes: string[] = [];
  for (let i = 0; i < 4; i++) {
    const r = rnd.int(140, 360);
    shapes.push(
      `<circle cx="${rnd.int(0, W)}" cy="${rnd.int(0, H)}" r="${r}" fill="#ffffff" fill-opacity="${rnd.range(0.04, 0.1).toFixed(3)}"/>`,
    );
  }
  const x = rnd.int(-200, W - 200);
  shapes.push(
    `<polygon points="${x},${H} ${x + rnd.int(300, 600)},0 ${x + rnd.int(700, 1000)},0 ${x + rnd.int(400, 700)},${H}" fill="#000000" fill-opacity="0.08"/>`,
  );
  return shapes.join('');
}

const MOTIFS: Record<Motif, (rnd: Random, accent: string) => string> = {
  bars(rnd, accent) {
    const count = rnd.int(7, 11);
    const width = Math.floor((W * 0.7) / count);
    const parts: string[] = [];
    const points: string[] = [];
    for (let i = 0; i < count; i++) {
      const h = rnd.int(80, 420);
      const x = Math.floor(W * 0.15) + i * width;
      parts.push(
        `<rect x="${x + 8}" y="${H - 90 - h}" width="${width - 16}" height="${h}" rx="6" fill="${accent}" fill-opacity="0.55"/>`,
      );
      points.push(`${x + width / 2},${H - 130 - h}`);
    }
    parts.push(
      `<polyline points="${points.join(' ')}" fill="none" stroke="#ffffff" stroke-width="6" stroke-linejoin="round" stroke-opacity="0.85"/>`,
    );
    return parts.join('');
  },
  nodes(rnd, accent) {
    const nodes = Array.from({ length: 14 }, () => [rnd.int(60, W - 60), rnd.int(60, H - 60)]);
    const parts: string[] = [];
    nodes.forEach(([x, y], i) => {
      const [nx, ny] = nodes[(i + 1) % nodes.length] ?? [x, y];
      const [mx, my] = nodes[(i + 5) % nodes.length] ?? [x, y];
      parts.push(
        `<path d="M${x} ${y}L${nx} ${ny}M${x} ${y}L${mx} ${my}" stroke="#ffffff" stroke-opacity="0.3" stroke-width="2"/>`,
      );
    });
    for (const [x, y] of nodes) {
      parts.push(
        `<circle cx="${x}" cy="${y}" r="${rnd.int(8, 22)}" fill="${accent}" fill-opacity="0.9" stroke="#ffffff" stroke-width="3" stroke-opacity="0.7"/>`,
      );
    }
    return parts.join('');
  },
  rings(rnd, accent) {
    const cx = rnd.int(W * 0.3, W * 0.7);
    const cy = rnd.int(H * 0.35, H * 0.65);
    const parts: string[] = [];
    for (let i = 1; i <= 7; i++) {
      parts.push(
        `<circle cx="${cx}" cy="${cy}" r="${i * 48}" fill="none" stroke="${i % 2 ? accent : '#ffffff'}" stroke-width="${i % 2 ? 10 : 3}" stroke-opacity="${(0.75 - i * 0.08).toFixed(2)}"/>`,
      );
    }
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      const x = Math.round(cx + Math.cos(a) * 200);
      const y = Math.round(cy + Math.sin(a) * 200);
      parts.push(`<circle cx="${x}" cy="${y}" r="14" fill="#ffffff" fill-opacity="0.55"/>`);
    }
    return parts.join('');
  },
  stars(rnd, accent) {
    const parts: string[] = [];
    for (let i = 0; i < 90; i++) {
      parts.push(
        `<circle cx="${rnd.int(0, W)}" cy="${rnd.int(0, H)}" r="${rnd.range(1, 3.5).toFixed(1)}" fill="#ffffff" fill-opacity="${rnd.range(0.4, 0.95).toFixed(2)}"/>`,
      );
    }
    const cx = rnd.int(W * 0.55, W * 0.8);
    const cy = rnd.int(H * 0.3, H * 0.55);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="150" fill="${accent}" fill-opacity="0.9"/>`);
    parts.push(
      `<circle cx="${cx + 60}" cy="${cy - 40}" r="135" fill="#0b1026" fill-opacity="0.85"/>`,
    );
    parts.push(
      `<ellipse cx="${W * 0.3}" cy="${H * 0.6}" rx="260" ry="70" fill="none" stroke="${accent}" stroke-width="4" stroke-opacity="0.6" transform="rotate(-18 ${W * 0.3} ${H * 0.6})"/>`,
    );
    return parts.join('');
  },
  stripes(rnd, accent) {
    const parts: string[] = [];
    const tilt = rnd.int(-30, -15);
    for (let i = -4; i < 16; i++) {
      parts.push(
        `<rect x="${i * 110}" y="-200" width="${rnd.int(18, 48)}" height="${H + 400}" fill="${i % 3 ? '#ffffff' : accent}" fill-opacity="${i % 3 ? 0.07 : 0.45}" transform="rotate(${tilt} ${W / 2} ${H / 2})"/>`,
      );
    }
    parts.push(
      `<rect x="0" y="${H * 0.62}" width="${W}" height="46" fill="${accent}" fill-opacity="0.8"/>`,
    );
    return parts.join('');
  },
  waves(rnd, accent) {
    const parts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const base = H * 0.3 + i * 60;
      const amp = rnd.int(40, 110);
      const shift = rnd.int(-150, 150);
      parts.push(
        `<path d="M0 ${base} C ${350 + shift} ${base - amp}, ${750 + shift} ${base + amp}, ${W} ${base - amp / 3} L ${W} ${H} L 0 ${H} Z" fill="${i % 2 ? '#ffffff' : accent}" fill-opacity="${i % 2 ? 0.12 : 0.3}"/>`,
      );
    }
    return parts.join('');
  },
  pitch(rnd, accent) {
    const x = rnd.int(90, 180);
    const y = rnd.int(70, 120);
    const w = W - 2 * x;
    const h = H - 2 * y;
    const line = 'fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="5"';
    const ball = [rnd.int(x + 80, x + w - 80), rnd.int(y + 60, y + h - 60)];
    return [
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" ${line}/>`,
      `<line x1="${W / 2}" y1="${y}" x2="${W / 2}" y2="${y + h}" ${line}/>`,
      `<circle cx="${W / 2}" cy="${H / 2}" r="95" ${line}/>`,
      `<rect x="${x}" y="${H / 2 - 120}" width="130" height="240" ${line}/>`,
      `<rect x="${x + w - 130}" y="${H / 2 - 120}" width="130" height="240" ${line}/>`,
      `<path d="M${W / 2 - 260} ${H / 2 + 160} Q ${ball[0]} ${y - 40} ${ball[0]} ${ball[1]}" fill="none" stroke="${accent}" stroke-width="4" stroke-dasharray="14 12"/>`,
      `<circle cx="${ball[0]}" cy="${ball[1]}" r="26" fill="${accent}" stroke="#ffffff" stroke-width="4"/>`,
    ].join('');
  },
  beams(rnd, accent) {
    const parts: string[] = [];
    for (let i = 0; i < 4; i++) {
      const top = rnd.int(100, W - 100);
      const spread = rnd.int(120, 260);
      const foot = top + rnd.int(-350, 350);
      parts.push(
        `<polygon points="${top - 12},0 ${top + 12},0 ${foot + spread},${H} ${foot - spread},${H}" fill="${i % 2 ? '#ffffff' : accent}" fill-opacity="${i % 2 ? 0.12 : 0.28}"/>`,
      );
    }
    for (let i = 0; i < 3; i++) {
      const r = rnd.int(40, 90);
      parts.push(
        `<circle cx="${rnd.int(r, W - r)}" cy="${rnd.int(H * 0.6, H - r)}" r="${r}" fill="none" stroke="${accent}" stroke-width="6" stroke-opacity="0.7"/>`,
      );
    }
    return parts.join('');
  },
  columns(rnd, accent) {
    const parts: string[] = [];
    const count = 6;
    const left = rnd.int(W * 0.15, W * 0.3);
    const span = W * 0.55;
    const step = span / (count - 1);
    const top = H * 0.32;
    parts.push(
      `<polygon points="${left - 70},${top} ${left + span / 2},${top - 130} ${left + span + 70},${top}" fill="${accent}" fill-opacity="0.75"/>`,
    );
    for (let i = 0; i < count; i++) {
      const x = Math.round(left + i * step - 22);
      parts.push(
        `<rect x="${x}" y="${top + 20}" width="44" height="${H * 0.42}" rx="4" fill="#ffffff" fill-opacity="0.6"/>`,
      );
    }
    parts.push(
      `<rect x="${left - 90}" y="${top + 20 + H * 0.42}" width="${span + 180}" height="28" fill="${accent}" fill-opacity="0.75"/>`,
    );
    return parts.join('');
  },
};
