import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { IMAGE_MESSAGES } from '@newsroom/contract';
import { DomainError } from '../domain/errors.ts';
import { jsonTextTooDeep, tooDeepMessage, valueTooDeep } from '../http/json-body.ts';
import { fieldTooLarge, formReadError } from './form-errors.ts';
import { imageError, type NewsImage } from '../media/image.ts';

/** The largest text field of a news form: room for the longest description, 200,000 characters. */
export const FORM_FIELD_BYTES = 512 * 1024;

/** The fields of a news form, as sent, and its image file if one came. */
export interface NewsInput {
  fields: Record<string, unknown>;
  image: NewsImage | null;
}

/**
 * Reads a news create or update: a multipart form (the file in `image`, every other field text)
 * or a JSON object when there is no file. Nothing is validated here but the transport itself.
 */
export async function readNewsInput(request: FastifyRequest): Promise<NewsInput> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new DomainError(
        'BAD_REQUEST',
        'The request body must be a JSON object or a multipart form',
      );
    }
    return { fields: normaliseFields({ ...body }), image: null };
  }
  try {
    return await readForm(request);
  } catch (error) {
    throw formReadError(error);
  }
}

async function readForm(request: FastifyRequest): Promise<NewsInput> {
  const fields: Record<string, unknown> = {};
  let image: NewsImage | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await readFile(part);
      if (part.fieldname !== 'image') {
        throw new DomainError(
          'BAD_REQUEST',
          `Unexpected file field "${part.fieldname}"; send the image as "image"`,
        );
      }
      // A form with an empty file input sends a nameless, empty part: that is no image.
      if (bytes.length > 0 || part.filename) image = { bytes };
    } else {
      if (part.valueTruncated) throw fieldTooLarge(part.fieldname, FORM_FIELD_BYTES);
      // A part sent as application/json arrives parsed; it is held to a JSON body's depth.
      if (valueTooDeep(part.value)) throw tooDeep(part.fieldname);
      addField(fields, part.fieldname, part.value);
    }
  }
  return { fields: normaliseFields(fields), image };
}

async function readFile(part: MultipartFile): Promise<Buffer> {
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw imageError(IMAGE_MESSAGES.tooLarge);
    return bytes;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw imageError(IMAGE_MESSAGES.tooLarge);
    }
    throw error;
  }
}

/** A repeated field becomes a list of its values. */
function addField(fields: Record<string, unknown>, name: string, value: unknown) {
  const key = name === 'tags[]' ? 'tags' : name;
  const previous = fields[key];
  if (previous === undefined) fields[key] = key === 'tags' ? [value] : value;
  else fields[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
}

function normaliseFields(fields: Record<string, unknown>): Record<string, unknown> {
  if (fields['tags[]'] !== undefined && fields.tags === undefined) fields.tags = fields['tags[]'];
  delete fields['tags[]'];
  if (fields.tags !== undefined) fields.tags = parseTags(fields.tags);
  return fields;
}

/**
 * Tags arrive as a list, a JSON array in text, repeated fields, or one comma-separated text (also
 * inside a list, as the original client sends `["a,b"]`). Blank pieces of a comma-separated text
 * are dropped (a form without tags sends `tags=`); a blank list item stays, for the schema to refuse.
 */
export function parseTags(value: unknown): unknown {
  if (value === null) return [];
  if (typeof value === 'string') {
    const list = value.trim().startsWith('[') ? parseJsonArray(value) : null;
    return list ? parseTags(list) : splitTags(value);
  }
  if (!Array.isArray(value)) return value;
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'string') return [item];
    // One form field may itself hold a JSON array or a comma-separated text.
    const list = item.trim().startsWith('[') ? parseJsonArray(item) : null;
    if (list) return list;
    return item.includes(',') ? splitTags(item) : [item];
  });
}

function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

const tooDeep = (field: string) =>
  new DomainError('BAD_REQUEST', tooDeepMessage(`The form field "${field}"`));

function parseJsonArray(text: string): unknown[] | null {
  if (jsonTextTooDeep(text)) throw tooDeep('tags');
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
