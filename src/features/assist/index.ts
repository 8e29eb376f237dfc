export { PromptHelper } from './components/PromptHelper.tsx';
export { TranslateAction, TranslationLine } from './components/Translation.tsx';
