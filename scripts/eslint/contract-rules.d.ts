import type { ESLint, Rule } from 'eslint';

export declare const noDestinationLiteral: Rule.RuleModule;
export declare const noQueryKeyLiteral: Rule.RuleModule;
export declare const contractPlugin: ESLint.Plugin;
