export { PromptHelper } from './components/PromptHelper.tsx';
export { TranslateAction, TranslationLine } from './components/Translation.tsx';
export { ReadAloudAction } from './components/ReadAloud.tsx';
