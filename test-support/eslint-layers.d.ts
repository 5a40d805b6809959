import type { Rule } from 'eslint';

/** The layers rule as an ESLint plugin (eslint-layers.js). */
export declare const layers: { rules: { layers: Rule.RuleModule } };
