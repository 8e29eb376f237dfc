import type { ESLint, Rule } from 'eslint';

export declare const importFlowRule: Rule.RuleModule;
export declare const importFlowPlugin: ESLint.Plugin;
