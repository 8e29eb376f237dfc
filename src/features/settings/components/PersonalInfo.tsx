// My profile (left page `personalinfo`): the profile image (upload, removal), display name and search name with
// the seed's length rule, the read-only profile fields in the server's order, and my names for others (synonyms).
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp, Trash2 } from 'lucide-react';
import { IS_ALLOW_CUSTOM_DISPLAY_NAME, IS_ALLOW_EDIT_PROFILE, IS_ALLOW_SEARCH_NAME } from '@variant/flags';
import type { Account, AccountProfileEditType } from '@generated/types/index';
import { Avatar, Button, Spinner, TextField, showToast } from '../../../ui/index.ts';
import { SynonymForm, synonymsSupported, useSynonyms } from '../../contact/index.ts';
import { chatServices, displayNameOf, useProfile } from '../../session/index.ts';
import { useChangeProfileImage, useMyProfileImage, useSaveName, type NameField } from '../api/account.ts';
import { checkName, nameMaxLength, type NameKind } from '../model/names.ts';
import styles from './Settings.module.scss';

const readOnlyFields: [AccountProfileEditType, keyof Account, string][] = [
  ['NAME', 'userFullname', 'settings.profile.name'],
  ['LOGIN_NAME', 'loginName', 'contact.loginName'],
  ['EMAIL', 'emailAddr', 'contact.email'],
  ['TEL', 'telNo', 'contact.telephone'],
  ['FAX', 'faxNo', 'contact.fax'],
  ['OFFICE_ADDRESS', 'officeAddr', 'contact.office'],
  ['POST_TITLE', 'postTitle', 'contact.postTitle'],
  ['TENANT', 'tenantFullname', 'departmentTitle'],
];

function NameForm({ field, kind, label, initial }: { field: NameField; kind: NameKind; label: string; initial: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveName();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = checkName(kind, value);
    setError(invalid ? t(invalid) : null);
    if (invalid) return;
    save.mutate(
      { field, value: value.trim() },
      {
        onSuccess: () => showToast(t('settings.saved'), 'success'),
        onError: () => setError(t('settings.nameLength')),
      },
    );
  };
  return (
    <form className={styles.row} onSubmit={submit} noValidate>
      <TextField
        label={label}
        value={value}
        error={error}
        hint={t('settings.profile.maxLength', { max: nameMaxLength[kind] })}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" variant="secondary" busy={save.isPending}>
        {t('settings.save')}
      </Button>
    </form>
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
  if (!profile) return null;
  const account = profile.accountInfo;
  const name = displayNameOf(profile, chatServices().loginName);
  const editable = new Set((profile.accountProfileAttribute ?? []).filter((a) => a.isEditable).map((a) => a.type));
  const allows = (type: AccountProfileEditType) => editable.size === 0 || editable.has(type);
  return (
    <div className={styles.page} data-testid="personal-info">
      <ProfileImage name={name} />
      {IS_ALLOW_CUSTOM_DISPLAY_NAME && allows('DISPLAY_NAME') ? (
        <NameForm field="customDisplayName" kind="displayName" label={t('settings.profile.displayName')} initial={account.customDisplayName ?? ''} />
      ) : null}
      {IS_ALLOW_SEARCH_NAME && allows('SEARCH_NAME') ? (
        <NameForm field="searchName" kind="searchName" label={t('settings.profile.searchName')} initial={account.searchName ?? ''} />
      ) : null}
      <dl className={styles.details}>
        {readOnlyFields
          .filter(([, key]) => account[key])
          .map(([type, key, label]) => (
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
