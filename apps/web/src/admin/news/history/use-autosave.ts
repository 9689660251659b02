import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Autosave, AutosaveFields } from '@newsroom/contract';
import type { NewsFormInput, NewsFormOutput } from '../schema.ts';
import { discardAutosave, fetchAutosave, saveAutosave } from './api.ts';

/** How often the editor keeps a private copy of what is being edited, when something changed. */
export const AUTOSAVE_EVERY_MS = 15_000;

type NewsFormApi = UseFormReturn<NewsFormInput, unknown, NewsFormOutput>;

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The fields of the form an autosave keeps: everything typed or chosen, not the picture file. */
export function autosaveFieldsOf(values: NewsFormInput): AutosaveFields {
  return {
    title: values.title ?? '',
    slug: values.slug ?? '',
    description: values.description ?? '',
    metaDescription: values.metaDescription ?? '',
    alt: values.alt ?? '',
    tags: (values.tags ?? []).slice(0, 3),
    videoURL: values.videoURL ?? '',
    status: values.status === true,
    categoryId: values.categoryId ?? '',
    subCategoryId: textOf(values.subCategoryId),
    publisherId: values.publisherId ?? '',
    anchorId: textOf(values.anchorId),
  };
}

/** The form's values with an autosave's fields brought back over them. */
export function formWithAutosave(values: NewsFormInput, saved: AutosaveFields): NewsFormInput {
  const defined = Object.fromEntries(
    Object.entries(saved).filter(([, value]) => value !== undefined && value !== null),
  );
  return { ...values, ...defined };
}

/**
 * While the article is edited: every AUTOSAVE_EVERY_MS, if the fields differ from the last copy
 * kept (or from the article as opened), the person's private copy is written; it never touches the
 * article. On opening, a copy left by an earlier session (a crash, a closed tab) is offered back.
 */
export function useAutosave(newsId: string | undefined, form: NewsFormApi) {
  const [offer, setOffer] = useState<Autosave | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (!newsId) return;
    last.current = JSON.stringify(autosaveFieldsOf(form.getValues()));
    const controller = new AbortController();
    fetchAutosave(newsId, controller.signal)
      .then((found) => setOffer(found))
      .catch(() => undefined);
    const timer = setInterval(() => {
      const fields = autosaveFieldsOf(form.getValues());
      const json = JSON.stringify(fields);
      if (json === last.current) return;
      last.current = json;
      saveAutosave(newsId, fields)
        .then((envelope) => setSavedAt(envelope.data.savedAt))
        .catch(() => undefined);
    }, AUTOSAVE_EVERY_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [newsId, form]);

  return {
    offer,
    savedAt,
    bringBack() {
      if (!offer) return;
      form.reset(formWithAutosave(form.getValues(), offer.fields), { keepDefaultValues: true });
      setOffer(null);
    },
    discard() {
      if (!newsId) return;
      setOffer(null);
      void discardAutosave(newsId).catch(() => undefined);
    },
  };
}
