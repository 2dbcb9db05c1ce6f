/**
 * One reason code's declaration: its English text and the parameters the text takes (kinds: `text` and `number` shown as
 * they are; `column` a CSV column or form field name, shown by its label; `reason` another code, the header line's
 * problem). Each feature declares its codes in a file of this folder; reasons.ts composes them (house rule "Reasons
 * and messages", docs/architecture.md).
 */
export type ReasonParamKind = 'text' | 'number' | 'column' | 'reason';
export type ReasonDef = { en: string; params?: Record<string, ReasonParamKind> };
