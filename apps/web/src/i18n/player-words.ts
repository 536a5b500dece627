import type { Widen } from './widen.js';
/** The words of a player's profile (and the moderators' look at a player) in English, loaded with those pages. */
export const playerPageEn = {
  player: {
    title: 'Player {{name}}',
    me: 'Your profile',
    ratings: 'Ratings',
    columns: { game: 'Game', speed: 'Speed', rating: 'Rating', deviation: 'Deviation', games: 'Games' },
    provisional: 'provisional',
    noRatings: 'No rated games yet.',
    counts_one: '{{count}} game: {{wins}} won, {{draws}} drawn, {{losses}} lost, {{playing}} in play',
    counts_other: '{{count}} games: {{wins}} won, {{draws}} drawn, {{losses}} lost, {{playing}} in play',
    history: 'Rating history',
    date: 'Date',
    games: 'Games',
    noGames: 'No games yet.',
    more: 'Older games',
    result: { win: 'won', loss: 'lost', draw: 'draw', playing: 'in play', aborted: 'aborted', seeking: 'waiting' },
    vs: 'against {{names}}',
    alone: 'alone',
    notFound: 'No player of this name.',
    guest: 'Guests have no public profile. Create an account to keep ratings and a game history.',
    find: 'Find a player',
    show: 'Show',
    offline: 'Profiles come from the server, which cannot be reached.',
    replay: 'Replay',
    watch: 'Watch',
    rated: 'rated',
  },
};

export type PlayerPageWords = Widen<typeof playerPageEn>;
