/** A player's profile's words (Traditional Chinese). */
import type { PlayerPageWords } from './player-words.js';

export const playerPageZhTW: PlayerPageWords = {
  player: {
    title: '棋手 {{name}}',
    me: '我的資料',
    ratings: '積分',
    columns: { game: '棋類', speed: '節奏', rating: '積分', deviation: '偏差', games: '局數' },
    provisional: '暫定',
    noRatings: '還沒有計積分的對局。',
    counts_one: '共 {{count}} 局：勝 {{wins}}，和 {{draws}}，負 {{losses}}，進行中 {{playing}}',
    counts_other: '共 {{count}} 局：勝 {{wins}}，和 {{draws}}，負 {{losses}}，進行中 {{playing}}',
    history: '積分走勢',
    date: '日期',
    games: '對局',
    noGames: '還沒有對局。',
    more: '更早的對局',
    result: { win: '勝', loss: '負', draw: '和', playing: '進行中', aborted: '已取消', seeking: '等待中' },
    vs: '對手：{{names}}',
    alone: '無對手',
    notFound: '沒有這個名字的棋手。',
    guest: '訪客沒有公開資料。註冊帳號即可保留積分和對局紀錄。',
    find: '查找棋手',
    show: '查看',
    offline: '資料來自伺服器，目前無法連線。',
    replay: '復盤',
    watch: '觀戰',
    rated: '計積分',
  },
};
