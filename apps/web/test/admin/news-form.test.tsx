import { MEDIA_REQUIRED_MESSAGE, TAG_MESSAGES } from '@newsroom/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsForm } from '../../src/admin/news/NewsForm.tsx';
import { emptyNewsForm, formFromNews, type NewsFormInput } from '../../src/admin/news/schema.ts';
import { createNews } from '../public/factories.ts';
import { ok, on, stubFetch } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const categories = [
  {
    _id: 'c1',
    name: 'Sports',
    subcategory: [{ _id: 's1', name: 'Cricket' }],
    createdAt: '',
    updatedAt: '',
  },
  {
    _id: 'c2',
    name: 'Crime',
    subcategory: [{ _id: 's2', name: 'Cyber' }],
    createdAt: '',
    updatedAt: '',
  },
];

beforeEach(() => {
  stubFetch(
    on('GET', '/category/get', ok(categories)),
    on('GET', '/publisher/get', ok([{ _id: 'p1', name: 'Daily Post' }])),
    on('GET', '/anchor/get', ok([{ _id: 'a1', name: 'Ravi Kumar' }])),
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderForm(
  initial: NewsFormInput = emptyNewsForm,
  mode: 'create' | 'update' = 'create',
) {
  const onSave = vi.fn(async (_form: FormData) => undefined);
  const user = userEvent.setup({ applyAccept: false });
  renderAdmin(
    <NewsForm
      mode={mode}
      timeZone="Asia/Kolkata"
      initial={initial}
      pending={false}
      onSave={onSave}
    />,
  );
  // The form shows once the choices of its dropdowns have loaded.
  await screen.findByLabelText('Title', {}, { timeout: 5000 });
  return { onSave, user };
}

const submitButton = () => screen.getByRole('button', { name: 'Add News' });
const tagInput = () => screen.getByLabelText('Tags');

// Typing into many fields in jsdom is slow; a loaded machine needs more than the default 5 s.
describe('news form', { timeout: 20_000 }, () => {
  it('names every missing required field, and the media rule', async () => {
    const { user, onSave } = await renderForm();
    await user.click(submitButton());
    for (const message of [
      'Title is required',
      'Slug is required',
      'Description is required',
      'Meta description is required',
      'Alt text is required',
      'Category is required',
      'Publisher is required',
      MEDIA_REQUIRED_MESSAGE,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it('turns spaces into hyphens and drops slashes in the slug', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Slug'), 'big match/today ok');
    expect(screen.getByLabelText('Slug')).toHaveValue('big-matchtoday-ok');
  });

  it('starts with the status active', async () => {
    await renderForm();
    expect(screen.getByRole('switch', { name: 'Status' })).toHaveAttribute('aria-checked', 'true');
  });

  it('refuses an empty tag', async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(TAG_MESSAGES.empty)).toBeInTheDocument();
  });

  it('refuses a tag with other characters than letters, numbers and hyphens', async () => {
    const { user } = await renderForm();
    await user.type(tagInput(), 'no spaces!{Enter}');
    expect(await screen.findByText(TAG_MESSAGES.pattern)).toBeInTheDocument();
  });

  it('refuses a tag added twice', async () => {
    const { user } = await renderForm();
    await user.type(tagInput(), 'cricket{Enter}');
    await user.type(tagInput(), 'Cricket{Enter}');
    expect(await screen.findByText(TAG_MESSAGES.duplicate)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Tags added' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('allows at most 3 tags', async () => {
    const { user } = await renderForm();
    for (const tag of ['one', 'two', 'three', 'four']) await user.type(tagInput(), `${tag}{Enter}`);
    expect(await screen.findByText(TAG_MESSAGES.max)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Tags added' })).getAllByRole('listitem'),
    ).toHaveLength(3);
  });

  it('refuses an image over 500 KB before upload', async () => {
    const { user } = await renderForm();
    const big = new File([new Uint8Array(500 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Image'), big);
    expect(await screen.findByText('Image size should not exceed 500KB')).toBeInTheDocument();
  });

  it('refuses a file that is not a JPEG, PNG or GIF', async () => {
    const { user } = await renderForm();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Image'), text);
    expect(await screen.findByText('Unsupported file format')).toBeInTheDocument();
  });

  it('offers the sub-categories of the chosen category only', async () => {
    const { user } = await renderForm();
    await user.selectOptions(screen.getByLabelText('Category'), 'c2');
    const options = within(screen.getByLabelText('Sub Category')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Select Sub Category', 'Cyber']);
  });

  it('accepts a video instead of an image, sends multipart fields, then starts over', async () => {
    const description = `<p>${'A long enough description of the match. '.repeat(8)}</p>`;
    const { user, onSave } = await renderForm({
      ...emptyNewsForm,
      title: 'A match report for today',
      slug: 'match-report',
      description,
      metaDescription: 'The match, in short',
      alt: 'The stadium',
      categoryId: 'c1',
      subCategoryId: 's1',
      publisherId: 'p1',
    });
    await user.type(tagInput(), 'cricket{Enter}');
    await user.click(screen.getByLabelText('Video URL'));
    await user.paste('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(screen.getByTitle('Video preview')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await user.click(submitButton());
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const form = onSave.mock.calls[0]?.[0] ?? new FormData();
    expect(form.get('title')).toBe('A match report for today');
    expect(form.getAll('tags')).toEqual(['cricket']);
    expect(form.get('status')).toBe('true');
    expect(form.get('anchorId')).toBe('');
    expect(form.get('image')).toBeNull();
    await vi.waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
    expect(screen.queryByRole('list', { name: 'Tags added' })).not.toBeInTheDocument();
    expect(screen.queryByTitle('Video preview')).not.toBeInTheDocument();
  });

  it('shows the category, sub-category, publisher and anchor of an edited article', async () => {
    await renderForm(
      {
        ...emptyNewsForm,
        categoryId: 'c2',
        subCategoryId: 's2',
        publisherId: 'p1',
        anchorId: 'a1',
      },
      'update',
    );
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('Crime');
    expect(screen.getByLabelText('Sub Category')).toHaveDisplayValue('Cyber');
    expect(screen.getByLabelText('Publisher')).toHaveDisplayValue('Daily Post');
    expect(screen.getByLabelText('Anchor')).toHaveDisplayValue('Ravi Kumar');
  });

  it('edits each tag of an article read as ["a,b,c"] and sends every one back', async () => {
    const item = createNews({
      tags: ['alpha,beta,gamma'],
      categoryId: 'c1',
      publisherId: 'p1',
      videoURL: 'https://example.com/v',
    });
    const { user, onSave } = await renderForm(formFromNews(item, 'Asia/Kolkata'), 'update');
    const chips = within(screen.getByRole('list', { name: 'Tags added' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      expect.stringContaining('alpha'),
      expect.stringContaining('beta'),
      expect.stringContaining('gamma'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Update News' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    const [sent] = onSave.mock.lastCall ?? [];
    expect(sent?.getAll('tags')).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('keeps the stored image of an edit, so no media message shows', async () => {
    const { user } = await renderForm(
      { ...emptyNewsForm, keptImageURL: '/uploads/a.png' },
      'update',
    );
    expect(screen.getByRole('img')).toHaveAttribute('src', '/uploads/a.png');
    await user.click(screen.getByRole('button', { name: 'Update News' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.queryByText(MEDIA_REQUIRED_MESSAGE)).not.toBeInTheDocument();
  });
});
