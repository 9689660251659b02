import { zodResolver } from '@hookform/resolvers/zod';
import {
  STAGES,
  movesFrom,
  reviews,
  toSlugInput,
  type Stage,
  type StaffRef,
} from '@newsroom/contract';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAnchors, useCategories, usePublishers } from '../taxonomy/api.ts';
import { Button } from '../ui/Button.tsx';
import { FieldError, SelectField, TextField } from '../ui/Field.tsx';
import { AuthorsField } from './AuthorsField.tsx';
import { ImageField } from './ImageField.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import {
  emptyNewsForm,
  newsFormSchema,
  toFormData,
  type NewsFormInput,
  type NewsFormOutput,
} from './schema.ts';
import { PublishControl } from './PublishControl.tsx';
import { useCan } from '../lib/permissions.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useMe } from '../lib/me.ts';
import { AssigneeField } from '../desk/AssigneeField.tsx';
import { modeOfStage, stageOfMode } from './publication.ts';
import { StatusToggle } from './StatusToggle.tsx';
import { TagInput } from './TagInput.tsx';
import { VideoPreviewBox } from './VideoPreviewBox.tsx';
import { AutosaveNotice } from './history/AutosaveNotice.tsx';
import { useAutosave } from './history/use-autosave.ts';
import { LiveFields } from '../live/LiveFields.tsx';
import { useMayRunLive } from '../live/may-run-live.ts';

interface NewsFormProps {
  mode: 'create' | 'update';
  /** The site's time zone, in which publication times are shown and entered. */
  timeZone: string;
  initial: NewsFormInput;
  /** The article edited (an update): what is typed is autosaved privately (decision 108). */
  newsId?: string;
  /** The article's authors as saved (an update); none for a new article. */
  authors?: StaffRef[];
  /** Where the article stands (an update); by default, where its publish mode puts it. */
  stage?: Stage | undefined;
  /** The version opened, sent with every save (decision 107); none for a new article. */
  version?: number | undefined;
  /** Who it is assigned to as saved. */
  assignee?: { _id: string; name: string } | null | undefined;
  pending: boolean;
  /**
   * Sends the multipart body; rejects when the server refuses it. The values and whether the
   * image goes come beside it, for a merge after a conflict.
   */
  onSave: (form: FormData, values: NewsFormOutput, removeImage: boolean) => Promise<unknown>;
  onSaved?: () => void;
  /** Its rich text is not editable (the screen disables the other fields: presence/). */
  readOnly?: boolean;
}

/**
 * Every field of a news article, validated by the server's schema before anything is sent. The
 * form waits for the choices of its dropdowns, so an edit shows its category, publisher and anchor.
 */
export function NewsForm(props: NewsFormProps) {
  const categories = useCategories();
  const publishers = usePublishers();
  const anchors = useAnchors();
  if (categories.isPending || publishers.isPending || anchors.isPending) {
    return <p className="text-slate-600">Loading...</p>;
  }
  return <NewsFormFields {...props} />;
}

function NewsFormFields({
  mode,
  timeZone,
  initial,
  newsId,
  authors = [],
  stage,
  version,
  assignee,
  pending,
  onSave,
  onSaved,
  readOnly = false,
}: NewsFormProps) {
  const descriptionLabelId = useId();
  const descriptionErrorId = useId();
  const categories = useCategories();
  const publishers = usePublishers();
  const anchors = useAnchors();
  // The stage it is in, and the moves the person's role allows from there (decision 106).
  const canPublish = useCan('news.publish');
  const role = useAuth()?.role ?? '';
  const me = useMe().data?._id;
  const own = mode === 'create' || authors.some((author) => author._id === me);
  const mayRunLive = useMayRunLive(authors, mode === 'create') === true;
  const from: Stage = mode === 'create' ? 'draft' : (stage ?? stageOfMode(initial.publishMode));
  const allowed = new Set<Stage>([from, ...movesFrom(role, own, from)]);
  const choices = STAGES.filter((choice) => allowed.has(choice));
  /** A new form's values, its publish mode one the person may choose. */
  const startingFrom = (values: typeof initial) =>
    allowed.has(stageOfMode(values.publishMode))
      ? values
      : { ...values, publishMode: modeOfStage(from) };
  const form = useForm<NewsFormInput, unknown, NewsFormOutput>({
    resolver: zodResolver(newsFormSchema),
    defaultValues: startingFrom(initial),
  });
  const { register, control, setValue, watch, formState } = form;
  // The version the form was opened at: a save by someone else since is refused (409) and
  // merged, however often the article is read again meanwhile (decision 107).
  const [openedVersion] = useState(version);
  const autosave = useAutosave(newsId, form);
  const { errors } = formState;

  const categoryId = watch('categoryId');
  const videoURL = watch('videoURL') ?? '';
  const subCategories =
    categories.data?.find((category) => category._id === categoryId)?.subcategory ?? [];

  const submit = form.handleSubmit(async (entered) => {
    // Live coverage is sent only by those who may run it; for anyone else it stays as it is.
    const values = mayRunLive ? entered : { ...entered, live: undefined };
    const removeImage = Boolean(initial.keptImageURL && !values.keptImageURL && !values.image);
    await onSave(toFormData(values, removeImage, timeZone, openedVersion), values, removeImage);
    form.reset(startingFrom(emptyNewsForm));
    onSaved?.();
  });

  const slugField = register('slug');
  const categoryField = register('categoryId');
  return (
    <form
      noValidate
      aria-label={mode === 'create' ? 'Add news' : 'Update news'}
      onSubmit={(event) => void submit(event).catch(() => undefined)}
      className="grid gap-x-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-2"
    >
      <AutosaveNotice
        offer={autosave.offer}
        savedAt={autosave.savedAt}
        onBringBack={autosave.bringBack}
        onDiscard={autosave.discard}
      />
      <TextField
        label="Title"
        placeholder="Enter the title"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextField
        label="Slug"
        placeholder="enter-the-slug"
        error={errors.slug?.message}
        {...slugField}
        onChange={(event) => {
          event.target.value = toSlugInput(event.target.value);
          return slugField.onChange(event);
        }}
      />
      <div className="mb-4 lg:col-span-2">
        <span id={descriptionLabelId} className="mb-1 block text-sm font-medium text-slate-700">
          Description
        </span>
        <Controller
          control={control}
          name="description"
          render={({ field }) => (
            <RichTextEditor
              value={field.value}
              onChange={field.onChange}
              labelId={descriptionLabelId}
              readOnly={readOnly}
              invalid={Boolean(errors.description)}
              describedBy={errors.description ? descriptionErrorId : undefined}
            />
          )}
        />
        <FieldError id={descriptionErrorId} message={errors.description?.message} />
      </div>
      <TextField
        label="Meta Description"
        placeholder="A short summary for search engines"
        error={errors.metaDescription?.message}
        {...register('metaDescription')}
      />
      <TextField
        label="Alt Text"
        placeholder="Describe the image"
        error={errors.alt?.message}
        {...register('alt')}
      />
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <TagInput
            tags={field.value ?? []}
            onChange={field.onChange}
            error={errors.tags?.message}
          />
        )}
      />
      <SelectField
        label="Category"
        error={errors.categoryId?.message}
        {...categoryField}
        onChange={(event) => {
          setValue('subCategoryId', '');
          return categoryField.onChange(event);
        }}
      >
        <option value="">Select Category</option>
        {categories.data?.map((category) => (
          <option key={category._id} value={category._id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Sub Category"
        error={errors.subCategoryId?.message}
        {...register('subCategoryId')}
      >
        <option value="">Select Sub Category</option>
        {subCategories.map((sub) => (
          <option key={sub._id} value={sub._id}>
            {sub.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Publisher"
        error={errors.publisherId?.message}
        {...register('publisherId')}
      >
        <option value="">Select Publisher</option>
        {publishers.data?.map((publisher) => (
          <option key={publisher._id} value={publisher._id}>
            {publisher.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Anchor" error={errors.anchorId?.message} {...register('anchorId')}>
        <option value="">Select Anchor</option>
        {anchors.data?.map((anchor) => (
          <option key={anchor._id} value={anchor._id}>
            {anchor.name}
          </option>
        ))}
      </SelectField>
      <Controller
        control={control}
        name="authorIds"
        render={({ field }) => (
          <AuthorsField
            value={Array.isArray(field.value) ? (field.value as string[]) : undefined}
            onChange={field.onChange}
            current={authors}
            error={errors.authorIds?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImageField
            file={field.value ?? null}
            keptImageURL={watch('keptImageURL') ?? null}
            alt={watch('alt') ?? ''}
            error={errors.image?.message}
            onPick={(file, problem) => {
              field.onChange(file);
              if (problem) form.setError('image', { type: 'file', message: problem });
              else form.clearErrors('image');
            }}
            onRemoveKept={() => setValue('keptImageURL', null)}
          />
        )}
      />
      <div>
        <TextField
          label="Video URL"
          type="url"
          placeholder="https://www.youtube.com/watch?v=…"
          error={errors.videoURL?.message}
          {...register('videoURL')}
        />
        <VideoPreviewBox url={videoURL} />
      </div>
      <Controller
        control={control}
        name="status"
        render={({ field }) => (
          <StatusToggle
            checked={field.value === true}
            onChange={field.onChange}
            error={errors.status?.message}
          />
        )}
      />
      <PublishControl
        mode={watch('publishMode')}
        onMode={(value) => setValue('publishMode', value)}
        localTime={watch('publishAtLocal')}
        onLocalTime={(value) => setValue('publishAtLocal', value)}
        timeZone={timeZone}
        error={errors.publishAtLocal?.message}
        canPublish={canPublish}
        from={from}
        choices={choices}
        reviewer={reviews(role)}
        note={watch('note') ?? ''}
        onNote={(value) => setValue('note', value)}
        noteError={errors.note?.message}
      />
      {mayRunLive ? (
        <LiveFields
          live={watch('live') === true}
          onLive={(value) => setValue('live', value)}
          endedAt={initial.liveEndedAt}
          liveArticleId={initial.live ? newsId : undefined}
        />
      ) : null}
      <AssigneeField
        assigneeId={watch('assigneeId') ?? ''}
        onAssignee={(value) => setValue('assigneeId', value)}
        dueAtLocal={watch('dueAtLocal') ?? ''}
        onDueAt={(value) => setValue('dueAtLocal', value)}
        current={assignee}
        timeZone={timeZone}
      />
      <div className="flex justify-end gap-2 lg:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Please wait...' : mode === 'create' ? 'Add News' : 'Update News'}
        </Button>
      </div>
    </form>
  );
}
