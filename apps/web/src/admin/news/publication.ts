import { DISPLAY_LOCALE, type NewsDto, type Stage } from '@newsroom/contract';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/**
 * The editor's publish control: publish now, at a time in the site's zone, or keep it on the desk
 * in one of its stages (decision 106).
 */
export type PublishMode = 'now' | 'schedule' | 'draft' | 'in_review' | 'ready' | 'unpublished';

/** The stage a publish mode leaves an article in. */
export function stageOfMode(mode: PublishMode): Stage {
  return mode === 'now' ? 'published' : mode === 'schedule' ? 'scheduled' : mode;
}

/** The publish mode that leaves an article in `stage`. */
export function modeOfStage(stage: Stage): PublishMode {
  return stage === 'published' ? 'now' : stage === 'scheduled' ? 'schedule' : stage;
}

/** The value format of `<input type="datetime-local">`, minutes precision. */
const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

/** An instant as the date-time input shows it in `timeZone`. */
export function localInputOf(iso: string, timeZone: string): string {
  return formatInTimeZone(iso, timeZone, LOCAL_INPUT);
}

/** A date-time input's value, read as a wall-clock time in `timeZone`, as an ISO instant. */
export function instantOf(localInput: string, timeZone: string): string {
  return fromZonedTime(localInput, timeZone).toISOString();
}

/** Whether a date-time input holds a whole date and time. */
export function isLocalInput(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value);
}

/** Where an article stands: a draft, scheduled for later, or published. */
export function publicationState(
  news: Pick<NewsDto, 'draft' | 'publishAt'>,
  now: Date = new Date(),
): 'draft' | 'scheduled' | 'published' {
  if (news.draft || news.publishAt === null) return 'draft';
  return Date.parse(news.publishAt) > now.getTime() ? 'scheduled' : 'published';
}

/** A publication time for people: en-US, in `timeZone`, with the zone named. */
export function formatPublishTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(DISPLAY_LOCALE, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
