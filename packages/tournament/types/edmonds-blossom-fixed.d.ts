/**
 * edmonds-blossom-fixed ships no types. It takes edges as [u, v, weight] with vertices numbered from 0 and returns
 * for each vertex its mate's number, or -1 when unmatched (a maximum-weight matching; with `maxCardinality` the
 * heaviest among the matchings of largest size).
 */
declare module 'edmonds-blossom-fixed' {
  export default function blossom(
    edges: readonly (readonly [number, number, number])[],
    maxCardinality?: boolean,
  ): number[];
}
