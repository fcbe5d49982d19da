import type JSZip from 'jszip';
import { posix } from 'node:path';
import { descendant, descendants, parseXml, type XmlElement as Element } from './xml-tree.js';

const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R = '{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id';

/** Why a presentation could not be read: the reader turns it into the file's refusal. */
export class UnreadablePresentation extends Error {}

/** A block of a slide's text with where it starts on the slide (EMU, top-left origin). */
interface Block {
  text: string;
  x: number;
  y: number;
  title: boolean;
}

interface Placeholder {
  type: string;
  idx?: string;
}

/** Blocks whose tops are closer than this share of the slide's height are read left to right, as one row. */
const ROW_TOLERANCE = 0.04;

/**
 * The text of each slide of a PPTX, in order, as a person reads it: the title first, then the
 * text boxes, placeholders and tables top to bottom and, within a row, left to right (a shape that
 * inherits its position from the slide layout or master gets that position). Paragraphs are
 * lines; a table is one line per row with its cells separated by tabs, so that its columns survive
 * into the layout (analysis/layout/text-layout.ts). Pictures, charts and speaker notes are not
 * read.
 */
export async function readPresentationSlides(zip: JSZip): Promise<string[]> {
  const presentation = await xmlOf(zip, 'ppt/presentation.xml');
  const relationships = await relationshipsOf(zip, 'ppt/presentation.xml');
  const slideHeight = Number(descendant(presentation, P, 'sldSz')?.attributes.get('cy')) || 6_858_000;
  const slides: string[] = [];
  for (const slideId of descendants(presentation, P, 'sldId')) {
    const target = relationships.get(slideId.attributes.get(R) ?? '');
    if (!target) throw new UnreadablePresentation('a slide listed in the presentation is missing');
    slides.push(await slideText(zip, target, slideHeight));
  }
  return slides;
}

async function slideText(zip: JSZip, path: string, slideHeight: number): Promise<string> {
  const slide = await xmlOf(zip, path);
  const inherited = await inheritedPositions(zip, path);
  const tree = descendant(slide, P, 'spTree');
  const blocks = tree ? blocksOf(tree, identity, inherited) : [];
  return readingOrder(blocks, slideHeight * ROW_TOLERANCE)
    .map((block) => block.text)
    .join('\n');
}

/** Titles first; then rows of blocks by their top, each row left to right. */
function readingOrder(blocks: Block[], tolerance: number): Block[] {
  const titles = blocks.filter((block) => block.title);
  const rest = blocks.filter((block) => !block.title).sort((a, b) => a.y - b.y);
  const rows: Block[][] = [];
  for (const block of rest) {
    const row = rows[rows.length - 1];
    if (row && block.y - row[0].y <= tolerance) row.push(block);
    else rows.push([block]);
  }
  return [...titles, ...rows.flatMap((row) => row.sort((a, b) => a.x - b.x))];
}

type Transform = (x: number, y: number) => [number, number];
const identity: Transform = (x, y) => [x, y];

function blocksOf(container: Element, transform: Transform, inherited: Map<string, [number, number]>): Block[] {
  const blocks: Block[] = [];
  for (const child of container.children) {
    if (child.namespace !== P) continue;
    if (child.name === 'sp') {
      const text = textBody(descendant(child, P, 'txBody'));
      if (!text) continue;
      const placeholder = placeholderOf(child);
      const offset = offsetOf(descendant(child, P, 'spPr')) ?? (placeholder && lookup(inherited, placeholder));
      const [x, y] = offset ? transform(...offset) : [0, Number.MAX_SAFE_INTEGER];
      blocks.push({ text, x, y, title: placeholder?.type === 'title' || placeholder?.type === 'ctrTitle' });
    } else if (child.name === 'graphicFrame') {
      const table = descendant(child, A, 'tbl');
      if (!table) continue;
      const rows = descendants(table, A, 'tr').map((row) =>
        descendants(row, A, 'tc')
          .map((cell) => textBody(descendant(cell, A, 'txBody')).replace(/\s+/g, ' '))
          .join('\t'),
      );
      const text = rows.filter((row) => row.trim() !== '').join('\n');
      const offset = offsetOf(descendant(child, P, 'xfrm'));
      const [x, y] = offset ? transform(...offset) : [0, Number.MAX_SAFE_INTEGER];
      if (text) blocks.push({ text, x, y, title: false });
    } else if (child.name === 'grpSp') {
      blocks.push(...blocksOf(child, groupTransform(descendant(child, P, 'grpSpPr'), transform), inherited));
    }
  }
  return blocks;
}

/** A group's children are placed in its own coordinate space (chOff/chExt), mapped onto its box (off/ext). */
function groupTransform(properties: Element | undefined, outer: Transform): Transform {
  const xfrm = properties && descendant(properties, A, 'xfrm');
  const point = (name: string, a: string, b: string): [number, number] => {
    const element = xfrm && descendant(xfrm, A, name);
    return [Number(element?.attributes.get(a)) || 0, Number(element?.attributes.get(b)) || 0];
  };
  const [offX, offY] = point('off', 'x', 'y');
  const [extX, extY] = point('ext', 'cx', 'cy');
  const [chOffX, chOffY] = point('chOff', 'x', 'y');
  const [chExtX, chExtY] = point('chExt', 'cx', 'cy');
  return (x, y) => outer(offX + (x - chOffX) * (chExtX ? extX / chExtX : 1), offY + (y - chOffY) * (chExtY ? extY / chExtY : 1));
}

function offsetOf(properties: Element | undefined): [number, number] | undefined {
  const off = properties && descendant(properties, A, 'off');
  return off ? [Number(off.attributes.get('x')) || 0, Number(off.attributes.get('y')) || 0] : undefined;
}

function placeholderOf(shape: Element): Placeholder | undefined {
  const ph = descendant(shape, P, 'ph');
  if (!ph) return undefined;
  return { type: ph.attributes.get('type') || 'body', idx: ph.attributes.get('idx') || undefined };
}

function lookup(positions: Map<string, [number, number]>, placeholder: Placeholder): [number, number] | undefined {
  return (placeholder.idx && positions.get(`idx:${placeholder.idx}`)) || positions.get(`type:${placeholder.type}`);
}

/** Where the slide's layout, then its master, put each placeholder (by idx and by type; the layout wins). */
async function inheritedPositions(zip: JSZip, slidePath: string): Promise<Map<string, [number, number]>> {
  const positions = new Map<string, [number, number]>();
  const layoutPath = [...(await relationshipsOf(zip, slidePath)).values()].find((target) => target.includes('/slideLayouts/'));
  const masterPath = layoutPath && [...(await relationshipsOf(zip, layoutPath)).values()].find((target) => target.includes('/slideMasters/'));
  for (const path of [masterPath, layoutPath]) {
    if (!path || !zip.file(path)) continue;
    for (const shape of descendants(await xmlOf(zip, path), P, 'sp')) {
      const placeholder = placeholderOf(shape);
      const offset = offsetOf(descendant(shape, P, 'spPr'));
      if (!placeholder || !offset) continue;
      positions.set(`type:${placeholder.type}`, offset);
      if (placeholder.idx) positions.set(`idx:${placeholder.idx}`, offset);
    }
  }
  return positions;
}

/** A text body's paragraphs as lines: runs and fields concatenated, line breaks kept, empty paragraphs dropped. */
function textBody(body: Element | undefined): string {
  if (!body) return '';
  return descendants(body, A, 'p')
    .map((paragraph) =>
      descendants(paragraph, A, '*')
        .map((node) => (node.name === 't' ? node.text : node.name === 'br' ? '\n' : node.name === 'tab' ? '\t' : ''))
        .join('')
        .trim(),
    )
    .filter((line) => line !== '')
    .join('\n');
}

async function relationshipsOf(zip: JSZip, partPath: string): Promise<Map<string, string>> {
  const relsPath = posix.join(posix.dirname(partPath), '_rels', `${posix.basename(partPath)}.rels`);
  const targets = new Map<string, string>();
  if (!zip.file(relsPath)) return targets;
  for (const relationship of descendants(await xmlOf(zip, relsPath), '*', 'Relationship')) {
    const target = relationship.attributes.get('Target') ?? '';
    if (relationship.attributes.get('TargetMode') === 'External') continue;
    targets.set(relationship.attributes.get('Id') ?? '', target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(partPath), target));
  }
  return targets;
}

async function xmlOf(zip: JSZip, path: string): Promise<Element> {
  const source = await zip.file(path)?.async('string');
  if (source === undefined) throw new UnreadablePresentation(`${path} is missing`);
  try {
    return parseXml(source);
  } catch {
    throw new UnreadablePresentation(`${path} is not well-formed XML`);
  }
}
