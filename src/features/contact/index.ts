export { findAccount, openSingleChat, type AccountRef } from './data.ts';
export { UserInfoBody, type UserInfoBodyProps } from './UserInfoBody.tsx';
export { userInfoPage } from './pages.tsx';
export { useOpenPerson } from './openPerson.ts';
export { contactListPage } from './listPage.tsx';
export { synonymsSupported, useSynonyms } from './api/synonyms.ts';
export { SynonymForm } from './components/SynonymForm.tsx';
