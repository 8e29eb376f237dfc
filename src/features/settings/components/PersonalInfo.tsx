// My profile (left page `personalinfo`): the profile image (upload, removal), display name and search name with
// the seed's length rule, the directory fields (changed here where the server lets this account, else read-only),
// and my names for others (synonyms).
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp, Trash2 } from 'lucide-react';
import { IS_ALLOW_CUSTOM_DISPLAY_NAME, IS_ALLOW_EDIT_PROFILE, IS_ALLOW_SEARCH_NAME } from '@variant/flags';
import type { AccountProfileEditType } from '@generated/types/index';
import { ApiCallError } from '@generated/api/runtime';
import { Avatar, Button, Spinner, TextField, showToast } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { displayNameOf, useProfile } from '../../../core/session/profile.ts';
import { useChangeProfileImage, useMyProfileImage, useSaveName, useSaveProfileField, type NameField } from '../api/account.ts';
import { checkName, nameMaxLength, type NameKind } from '../model/names.ts';
import { checkProfileValue, editableProfileTypes, profileFields, type ProfileField } from '../model/profileFields.ts';
import { useSettingsSlots } from '../slots.ts';
import { errorMessage } from '../../../core/index.ts';
import styles from './Settings.module.scss';

/** A labelled value with Save: checked before the call, the server's refusal shown under it. */
function FieldForm({ label, initial, hint, check, save, busy, type = 'text' }: {
  label: string;
  initial: string;
  hint?: string;
  /** The error text of a value the server would refuse, or null. */
  check: (value: string) => string | null;
  /** Saves the value; resolves to the error text of a refusal, or null. */
  save: (value: string) => Promise<string | null>;
  busy: boolean;
  type?: 'text' | 'email' | 'tel';
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = check(value);
    setError(invalid);
    if (invalid) return;
    const refused = await save(value.trim());
    setError(refused);
    if (!refused) showToast(t('settings.saved'), 'success');
  };
  return (
    <form className={styles.row} onSubmit={(event) => void submit(event)} noValidate>
      <TextField label={label} value={value} type={type} error={error} hint={hint} onChange={(event) => setValue(event.target.value)} />
      <Button type="submit" variant="secondary" busy={busy}>
        {t('settings.save')}
      </Button>
    </form>
  );
}

function NameForm({ field, kind, label, initial }: { field: NameField; kind: NameKind; label: string; initial: string }) {
  const { t } = useTranslation();
  const save = useSaveName();
  return (
    <FieldForm
      label={label}
      initial={initial}
      hint={t('settings.profile.maxLength', { max: nameMaxLength[kind] })}
      check={(value) => {
        const invalid = checkName(kind, value);
        return invalid ? t(invalid) : null;
      }}
      save={(value) =>
        save.mutateAsync({ field, value }).then(
          () => null,
          () => t('settings.nameLength'),
        )
      }
      busy={save.isPending}
    />
  );
}

const inputTypes: Partial<Record<AccountProfileEditType, 'email' | 'tel'>> = { EMAIL: 'email', TEL: 'tel', FAX: 'tel' };

/** A directory field the server lets me change (updateaccountprofile), with its own error texts. */
function ProfileFieldForm({ field, initial }: { field: ProfileField; initial: string }) {
  const { t, i18n } = useTranslation();
  const save = useSaveProfileField();
  return (
    <FieldForm
      label={t(field.label)}
      initial={initial}
      type={inputTypes[field.type]}
      check={(value) => {
        const invalid = checkProfileValue(field.type, value);
        return invalid ? t(invalid) : null;
      }}
      save={(value) =>
        save.mutateAsync({ type: field.type, field: field.key, value }).then(
          () => null,
          (error: unknown) => (error instanceof ApiCallError ? errorMessage(error.errMsgList, i18n.language) : undefined) ?? t('changePassword.updateFail'),
        )
      }
      busy={save.isPending}
    />
  );
}

function ProfileImage({ name }: { name: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { data: image } = useMyProfileImage();
  const change = useChangeProfileImage();
  const run = (file: File | null) =>
    change.mutate(file, {
      onSuccess: () => showToast(t('settings.saved'), 'success'),
      onError: () => showToast(t('errors.mediaUploadFail')),
    });
  return (
    <div className={styles.identity}>
      {image ? <img className={styles.photo} src={image} alt={t('settings.profile.photo')} data-testid="my-photo" /> : <Avatar name={name} />}
      {IS_ALLOW_EDIT_PROFILE ? (
        <div className={styles.photoActions}>
          <input
            ref={input}
            className={styles.fileInput}
            type="file"
            accept="image/gif,image/jpeg,image/png"
            aria-label={t('settings.profile.choosePhoto')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) run(file);
            }}
          />
          <Button variant="secondary" icon={<ImageUp />} busy={change.isPending} onClick={() => input.current?.click()}>
            {t('settings.profile.uploadPhoto')}
          </Button>
          {image ? (
            <Button variant="ghost" icon={<Trash2 />} onClick={() => run(null)}>
              {t('settings.profile.removePhoto')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** My names for other people (where the client config supports synonyms), each changed or removed here. */
function Synonyms() {
  const { t } = useTranslation();
  const { useList: useSynonyms, Form: SynonymForm } = useSettingsSlots().synonyms;
  const synonyms = useSynonyms(true);
  return (
    <section className={styles.section} aria-label={t('contacts.synonyms')} data-testid="my-synonyms">
      <h3 className={styles.sectionTitle}>{t('contacts.synonyms')}</h3>
      {synonyms.isPending ? <Spinner /> : null}
      {synonyms.data?.length === 0 ? <p className={styles.hint}>{t('contacts.noSynonyms')}</p> : null}
      {synonyms.data?.map(({ account, synonym }) => <SynonymForm key={`${account.accountId}:${synonym}`} account={account} current={synonym} />)}
    </section>
  );
}

export function PersonalInfo() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const { supported: synonymsSupported } = useSettingsSlots().synonyms;
  if (!profile) return null;
  const account = profile.accountInfo;
  const name = displayNameOf(profile, chatServices().loginName);
  const editable = new Set((profile.accountProfileAttribute ?? []).filter((a) => a.isEditable).map((a) => a.type));
  const allows = (type: AccountProfileEditType) => editable.size === 0 || editable.has(type);
  // The directory fields the server lets me change (a local account's), where the variant lets profiles be edited.
  const editableFields = IS_ALLOW_EDIT_PROFILE ? editableProfileTypes(profile.accountProfileAttribute) : new Set<AccountProfileEditType>();
  return (
    <div className={styles.page} data-testid="personal-info">
      <ProfileImage name={name} />
      {IS_ALLOW_CUSTOM_DISPLAY_NAME && allows('DISPLAY_NAME') ? (
        <NameForm field="customDisplayName" kind="displayName" label={t('settings.profile.displayName')} initial={account.customDisplayName ?? ''} />
      ) : null}
      {IS_ALLOW_SEARCH_NAME && allows('SEARCH_NAME') ? (
        <NameForm field="searchName" kind="searchName" label={t('settings.profile.searchName')} initial={account.searchName ?? ''} />
      ) : null}
      {profileFields
        .filter((field) => editableFields.has(field.type))
        .map((field) => (
          <ProfileFieldForm key={field.type} field={field} initial={String(account[field.key] ?? '')} />
        ))}
      <dl className={styles.details}>
        {profileFields
          .filter((field) => !editableFields.has(field.type) && account[field.key])
          .map(({ type, key, label }) => (
            <div key={type} className={styles.detail}>
              <dt>{t(label)}</dt>
              <dd>
                <bdi>{String(account[key])}</bdi>
              </dd>
            </div>
          ))}
      </dl>
      {synonymsSupported() ? <Synonyms /> : null}
    </div>
  );
}
