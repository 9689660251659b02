import { diffArrays, diffWords } from 'diff';
import { htmlToText, type FieldComparison } from '@newsroom/contract';

type Change = FieldComparison['changes'][number];

/** The text of each block (paragraph, heading, list item…) of a rich-text body, in order. */
export function blocksOf(html: string): string[] {
  return html
    .split(/(?<=<\/(?:p|div|h[1-6]|li|blockquote|pre)>)/i)
    .map((block) => htmlToText(block).trim())
    .filter((text) => text !== '');
}

/**
 * Two bodies' texts compared word by word: first block by block, then the words of the blocks
 * that differ, so a long body with a few edits costs the words of those few blocks.
 */
export function compareBlocks(before: string[], after: string[]): Change[] {
  const out: Change[] = [];
  const push = (op: Change['op'], text: string) => {
    if (text === '') return;
    const last = out.at(-1);
    if (last && last.op === op) last.text += text;
    else out.push({ op, text });
  };
  let removed: string[] = [];
  let added: string[] = [];
  let started = false;
  const separator = () => (started ? ' ' : '');
  const flush = () => {
    if (removed.length === 0 && added.length === 0) return;
    push('equal', separator());
    for (const change of diffWords(removed.join(' '), added.join(' '))) {
      push(change.added ? 'insert' : change.removed ? 'delete' : 'equal', change.value);
    }
    removed = [];
    added = [];
    started = true;
  };
  for (const change of diffArrays(before, after)) {
    if (change.removed) removed.push(...change.value);
    else if (change.added) added.push(...change.value);
    else {
      flush();
      push('equal', separator() + change.value.join(' '));
      started = true;
    }
  }
  flush();
  return out;
}

/** Two short texts compared word by word. */
export function compareWords(before: string, after: string): Change[] {
  if (before === after) return before === '' ? [] : [{ op: 'equal', text: before }];
  return diffWords(before, after).map((change) => ({
    op: change.added ? 'insert' : change.removed ? 'delete' : 'equal',
    text: change.value,
  }));
}
