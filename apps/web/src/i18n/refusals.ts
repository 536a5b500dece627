import type { RefusalCode } from '@qiyuan/protocol';

/**
 * The words of the server's refusals (the protocol's REFUSALS), by their code, in English. Each language is a module
 * of its own; every code has words in each, or the catalogue does not type-check.
 */
export const refusalsEn: { refusals: Record<RefusalCode, string> } = {
  refusals: {
    'register-to-organise': 'Create an account or log in to organise a tournament.',
    'game-not-served': 'This game is not played on this server yet.',
    'option-not-offered':
      "A game's creator cannot choose “{{option}}”: only the options shown in the lobby. The server draws every seed, and each player deploys their own army.",
    'game-options': 'These game options cannot be played.',
    'teams-pairs-only': 'Team tournaments are played by pairs (2v2) only.',
    'teams-no-arena': 'A team tournament is a Swiss, a round-robin or a knockout, not an arena.',
    'tables-swiss-only': 'Games of {{players}} players are played at tables, so the tournament must be a Swiss.',
    'start-passed': 'The start time has passed: choose a later one.',
    'tournament-format': 'The rounds, games or points of this tournament are not valid.',
    'organiser-limit': 'You already organise {{count}} tournaments that are not over: wait for one to end.',
    'organiser-standing':
      'A public tournament needs an account at least {{days}} day(s) old with {{games}} rated games. You can create a private one now and share its link.',
    'tournament-not-stored': 'The tournament could not be saved; try again.',
    'register-to-play': 'Create an account or log in to play in tournaments.',
    'no-tournament': 'This tournament does not exist.',
    'tournament-over': 'The tournament is over.',
    'no-late-entries':
      'This tournament has started: a round-robin, a knockout or a team tournament takes no late entries.',
    'team-name-needed': 'Name your team: two players who give the same name make a team.',
    'not-a-team-tournament': 'This tournament is not played by teams.',
    'team-full': 'Team {{team}} already has two players.',
    'already-in': 'You are already in this tournament.',
    withdrew: 'You withdrew from this tournament and cannot join it again.',
    'tournament-full': 'The tournament is full.',
    'not-in': 'You are not playing in this tournament.',
    'organiser-only': 'Only the organiser can start the tournament.',
    'team-of-one': 'Team {{team}} has only one player: it needs a second one before the start.',
    'too-few-players': 'There are not enough players to start yet.',
    'no-pairing': 'The next round cannot be paired yet.',
    'seats-mismatch': 'This game has {{seats}} seats: choose a player for each.',
    'creator-seat': 'Take a seat in your own game.',
    'register-to-play-rated': 'Guests play casual games: create an account or log in to play rated.',
    'rated-between-people': 'A rated game is played between different people, without the AI.',
    'no-seek': 'This game is no longer waiting for players.',
    'own-seek': 'You created this game: wait for other players to join it.',
    'already-seated': 'You already have a seat in this game.',
    'creator-cancels': 'Only the player who created this game can cancel it.',
    'game-paused': 'The game is paused: resume it to play on.',
    'not-paused': 'The game is not paused.',
    'already-paused': 'The game is already paused.',
    'ai-declines-draws': 'The AI does not accept draws.',
    'no-draw-in-setup': 'No draw can be offered before every player has set up.',
    'paused-no-takeback': 'The game is paused: resume it to take a move back.',
    'nothing-to-take-back': 'You have no move to take back yet.',
    'no-gone-opponent': 'There is no opponent who could be gone.',
    'paused-nobody-waited': 'The game is paused: nobody is being waited for.',
    'no-claim-in-setup': 'Nothing can be claimed before every player has set up.',
    'no-first-move-yet': 'Your opponent has not made a first move: the game is aborted if it does not come.',
    'opponent-here': 'Your opponent is here.',
    'opponent-may-return': 'Your opponent may still come back: {{seconds}} s left.',
    'no-vacation': 'Only correspondence games have vacations.',
    'vacation-on': 'Your vacation is already on.',
    'vacation-off': 'Your vacation is not on.',
    'vacation-used-up': 'Your vacation days for this game are used up.',
    'berserk-not-arena': 'Only games of an arena tournament can be berserked.',
    'berserk-no-clock': 'Berserk halves a clock with a time bank: this game has none.',
    'berserk-not-seated': 'Only a player of this game can berserk.',
    'berserk-after-move': 'Berserk is only possible before your first move.',
    'berserk-already': 'You have already berserked in this game.',
    // moderation
    'blocked-by-creator': 'The player who made this game has blocked you: you cannot join it.',
    'no-bots': 'The player who made this game does not allow bots.',
    'chat-muted': 'A moderator has muted you until {{until}}: {{reason}}',
    'chat-blocked': 'A player of this game does not take your messages.',
  },
};

export type RefusalsMessages = typeof refusalsEn;
