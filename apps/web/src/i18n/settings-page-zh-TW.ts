import type { SettingsPageMessages } from './settings-page.js';

/** 設定頁的用語（繁體中文）。 */
export const settingsPageZhTW: SettingsPageMessages = {
  settings: {
    title: '設定',
    theme: '棋盤主題',
    sound: '音效',
    pieces: '棋子樣式',
    animation: '動畫',
    coordinates: '顯示坐標',
    themes: { wood: '木紋', jade: '玉石', slate: '石板', contrast: '高對比度' },
    pieceStyles: { classic: '經典', flat: '扁平', letters: '字母' },
    pieceStyleHelp: {
      classic: '經典：有光澤的彈珠（角力棋、中國跳棋），彩色的昆蟲圖案（昆蟲棋），立體的軍棋棋子，寫著軍銜。',
      flat: '扁平：沒有光澤的彈珠，昆蟲圖案只用棋子的一種墨色，沒有陰影的扁平軍棋棋子。',
      letters:
        '字母：每個棋子標上記譜用的字：彈珠上寫顏色，昆蟲棋棋子上寫昆蟲的字母（Q、A、G……），軍棋棋子上寫佈陣記法的數字或字母（9 最大……1 為工兵；B 炸彈、M 地雷、F 軍旗）。',
    },
    coordinatesHelp:
      '角力棋：棋盤四周標出 A–I 行與 1–9 斜線。中國跳棋與軍棋：每個點標出記譜用的名稱（e5、a7）。昆蟲棋不顯示坐標：它沒有固定的棋盤，著法以相鄰的棋子來表示。',
    soundHelp: '走子、吃子、對局結束與己方用時不多時發出短促的提示音，各種對局都適用。',
    animationHelp: '棋子滑動與淡出。若系統要求減少動態效果，棋子也不會動。',
    saved: '設定儲存在本裝置上。',
  },
};
