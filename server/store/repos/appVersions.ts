// Published app versions (getappversions, checkappversion).
import type { Queryable, Row } from '../db.ts';
import { onlyRow, textOrNull, toDate, toDateOrNull, toId } from './convert.ts';

export interface AppVersion {
  id: number;
  appPlatform: string;
  appPushPlatform: string | null;
  versionNumber: string;
  buildVersion: number;
  versionDescription: string | null;
  versionUpdateUrl: string | null;
  appDescription: string | null;
  isClearDb: boolean;
  isClearFile: boolean;
  isForceUpd: boolean;
  forceUpdDeadline: Date | null;
  createdAt: Date;
}

export type NewAppVersion = Pick<AppVersion, 'appPlatform' | 'versionNumber' | 'buildVersion'> &
  Partial<Omit<AppVersion, 'id' | 'createdAt' | 'appPlatform' | 'versionNumber' | 'buildVersion'>>;

function toAppVersion(r: Row): AppVersion {
  return {
    id: toId(r.id),
    appPlatform: String(r.app_platform),
    appPushPlatform: textOrNull(r.app_push_platform),
    versionNumber: String(r.version_number),
    buildVersion: Number(r.build_version),
    versionDescription: textOrNull(r.version_description),
    versionUpdateUrl: textOrNull(r.version_update_url),
    appDescription: textOrNull(r.app_description),
    isClearDb: r.is_clear_db === true,
    isClearFile: r.is_clear_file === true,
    isForceUpd: r.is_force_upd === true,
    forceUpdDeadline: toDateOrNull(r.force_upd_deadline),
    createdAt: toDate(r.created_at),
  };
}

export function appVersionsRepo(q: Queryable) {
  return {
    /** Adds or replaces the version of a platform with this build number. */
    async upsert(input: NewAppVersion): Promise<AppVersion> {
      const { rows } = await q.query(
        `INSERT INTO app_versions (app_platform, app_push_platform, version_number, build_version, version_description,
           version_update_url, app_description, is_clear_db, is_clear_file, is_force_upd, force_upd_deadline)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (app_platform, build_version) DO UPDATE SET app_push_platform = EXCLUDED.app_push_platform,
           version_number = EXCLUDED.version_number, version_description = EXCLUDED.version_description,
           version_update_url = EXCLUDED.version_update_url, app_description = EXCLUDED.app_description,
           is_clear_db = EXCLUDED.is_clear_db, is_clear_file = EXCLUDED.is_clear_file,
           is_force_upd = EXCLUDED.is_force_upd, force_upd_deadline = EXCLUDED.force_upd_deadline
         RETURNING *`,
        [
          input.appPlatform,
          input.appPushPlatform ?? null,
          input.versionNumber,
          input.buildVersion,
          input.versionDescription ?? null,
          input.versionUpdateUrl ?? null,
          input.appDescription ?? null,
          input.isClearDb ?? false,
          input.isClearFile ?? false,
          input.isForceUpd ?? false,
          input.forceUpdDeadline ?? null,
        ],
      );
      return toAppVersion(onlyRow(rows));
    },

    async list(): Promise<AppVersion[]> {
      const { rows } = await q.query('SELECT * FROM app_versions ORDER BY app_platform, build_version DESC');
      return rows.map(toAppVersion);
    },

    /** Versions of the platform newer than `buildVersion`, newest first (checkappversion). */
    async newerThan(appPlatform: string, buildVersion: number): Promise<AppVersion[]> {
      const { rows } = await q.query(
        'SELECT * FROM app_versions WHERE app_platform = $1 AND build_version > $2 ORDER BY build_version DESC',
        [appPlatform, buildVersion],
      );
      return rows.map(toAppVersion);
    },
  };
}

export type AppVersionsRepo = ReturnType<typeof appVersionsRepo>;
