// The business apps the client config offers (bappsForTab, bappsForChatroomList), from BUSINESS_APPS: a JSON
// array of { appId, name: { en_US, zh_TW, zh_CN }, url (http or https), icon? }. A malformed value stops the
// start with a message naming the entry, like any other bad setting.
import { LangIdValues } from '../generated/types/enums.ts';
import type { BusinessApp } from '../generated/types/index.ts';


function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function appAt(entry: unknown, index: number): BusinessApp {
  const fail = (why: string) => new Error(`BUSINESS_APPS[${index}]: ${why}`);
  if (typeof entry !== 'object' || entry === null) throw fail('must be an object');
  const { appId, name, url, icon } = entry as Record<string, unknown>;
  if (!isText(appId)) throw fail('appId must be a non-empty string');
  if (typeof name !== 'object' || name === null) throw fail('name must give en_US, zh_TW and zh_CN');
  const labels = name as Record<string, unknown>;
  for (const locale of LangIdValues) if (!isText(labels[locale])) throw fail(`name.${locale} must be a non-empty string`);
  if (!isText(url) || !/^https?:\/\//i.test(url)) throw fail('url must be an http(s) URL');
  if (icon !== undefined && typeof icon !== 'string') throw fail('icon must be a string');
  return {
    appId,
    name: { en_US: String(labels.en_US), zh_TW: String(labels.zh_TW), zh_CN: String(labels.zh_CN) },
    url,
    ...(typeof icon === 'string' ? { icon } : {}),
  };
}

export function parseBusinessApps(value: string | undefined): BusinessApp[] {
  if (value === undefined || value.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('BUSINESS_APPS must be a JSON array');
  }
  if (!Array.isArray(parsed)) throw new Error('BUSINESS_APPS must be a JSON array');
  return parsed.map(appAt);
}
