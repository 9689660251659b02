import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, renderFragment } from '../../src/entry-server.tsx';
import type { PublicState } from '../../src/public/hydration.ts';
import { createNews } from './factories.ts';
import { fakeReads } from './fake-reads.ts';

/*
 * Readers' dates follow SITE_TIME_ZONE, named as the zone names itself, and the browser that
 * hydrates a page writes the very same text from the offsets the server handed it.
 */

const winter = createNews({ slug: 'winter-story', createdAt: '2025-01-15T17:30:00.000Z' });
const summer = createNews({ slug: 'summer-story', createdAt: '2025-07-04T16:05:00.000Z' });
const related = [createNews({ updatedAt: '2024-11-03T05:30:00.000Z' })];

const reads = fakeReads({ articles: [winter, summer] });

async function articlePage(slug: string, timeZone?: string) {
  const result = await render({
    url: `/news/${slug}`,
    publicUrl: 'http://localhost',
    reads,
    ...(timeZone && { timeZone }),
  });
  if (result.kind !== 'page') throw new Error('expected a page');
  const json = /<script[^>]*>(.*)<\/script>/s.exec(result.state)?.[1] ?? '{}';
  return { html: result.html, state: JSON.parse(json) as PublicState };
}

/** The publication time as the article page shows it. */
const shownTime = (html: string) => /<time dateTime="[^"]+">([^<]+)<\/time>/.exec(html)?.[1];

afterEach(() => vi.restoreAllMocks());

describe('the article page', () => {
  it('shows its time in Asia/Kolkata when no zone is set', async () => {
    const { html } = await articlePage('winter-story');
    expect(shownTime(html)).toBe('January 15, 2025 at 11:00 PM GMT+5:30');
  });

  it('shows its time in the site’s zone, with that zone’s own names in winter and summer', async () => {
    const inWinter = await articlePage('winter-story', 'America/New_York');
    expect(shownTime(inWinter.html)).toBe('January 15, 2025 at 12:30 PM EST');
    const inSummer = await articlePage('summer-story', 'America/New_York');
    expect(shownTime(inSummer.html)).toBe('July 4, 2025 at 12:05 PM EDT');
    const inLondon = await articlePage('summer-story', 'Europe/London');
    expect(shownTime(inLondon.html)).toBe('July 4, 2025 at 5:05 PM GMT+1');
  });
});

describe('the shared parts', () => {
  it('write the dates of ‘Read this also’ in the site’s zone', () => {
    // 05:30 UTC on November 3, 2024 is 1:30 AM EDT, and still November 2 in Los Angeles.
    const html = (timeZone: string) =>
      renderFragment({ name: 'read-also', articles: related, timeZone }).items[0]?.html ?? '';
    expect(html('America/New_York')).toContain('November 3, 2024');
    expect(html('America/Los_Angeles')).toContain('November 2, 2024');
    expect(html('America/Los_Angeles')).not.toContain('November 3, 2024');
  });
});

describe('hydration', () => {
  it('writes the server’s text from the offsets in the page, without the browser’s zone data', async () => {
    const { html, state } = await articlePage('summer-story', 'America/New_York');
    expect(state.zone?.zone).toBe('America/New_York');
    // A fresh module graph, as in the browser: Intl's date formatter must not be set up.
    vi.resetModules();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const browser = await import('../../src/public/format.ts');
    const { tableZone } = await import('../../src/public/time-zone.ts');
    browser.setZoneRules(tableZone(state.zone ?? { zone: 'UTC', spans: [], until: 0 }));
    expect(browser.formatDateTime(summer.createdAt)).toBe(shownTime(html));
    expect(made).not.toHaveBeenCalled();
  });
});

describe('a page without dates', () => {
  it('never sets up Intl’s date formatter, though the zone’s rules are in place', async () => {
    vi.resetModules();
    let made = 0;
    const Original = Intl.DateTimeFormat;
    class Counted extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    }
    vi.stubGlobal('Intl', { ...Intl, DateTimeFormat: Counted });
    const browser = await import('../../src/public/format.ts');
    const { intlZone } = await import('../../src/public/time-zone.ts');
    browser.setZoneRules(intlZone('America/New_York'));
    expect(made).toBe(0);
    expect(browser.formatDate('2025-07-04T16:05:00.000Z')).toBe('July 4, 2025');
    expect(made).toBeGreaterThan(0);
    vi.unstubAllGlobals();
  });
});
