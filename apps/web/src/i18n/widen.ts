/**
 * A catalogue's word type from its English words: the same keys with every string widened to `string`, so that the
 * Chinese words are checked for the same shape without having to repeat the English text.
 */
export type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
