import type { SettingsPageMessages } from './settings-page.js';

/** 设置页的用语（简体中文）。 */
export const settingsPageZhCN: SettingsPageMessages = {
  settings: {
    title: '设置',
    theme: '棋盘主题',
    sound: '音效',
    pieces: '棋子样式',
    animation: '动画',
    coordinates: '显示坐标',
    themes: { wood: '木纹', jade: '玉石', slate: '石板', contrast: '高对比度' },
    pieceStyles: { classic: '经典', flat: '扁平', letters: '字母' },
    pieceStyleHelp: {
      classic: '经典：有光泽的弹珠（角力棋、中国跳棋），彩色的昆虫图案（昆虫棋），立体的军棋棋子，写着军衔。',
      flat: '扁平：没有光泽的弹珠，昆虫图案只用棋子的一种墨色，没有阴影的扁平军棋棋子。',
      letters:
        '字母：每个棋子标上记谱用的字：弹珠上写颜色，昆虫棋棋子上写昆虫的字母（Q、A、G……），军棋棋子上写布阵记法的数字或字母（9 最大……1 为工兵；B 炸弹、M 地雷、F 军旗）。',
    },
    coordinatesHelp:
      '角力棋：棋盘四周标出 A–I 行与 1–9 斜线。中国跳棋与军棋：每个点标出记谱用的名称（e5、a7）。昆虫棋不显示坐标：它没有固定的棋盘，着法以相邻的棋子来表示。',
    soundHelp: '走子、吃子、对局结束与己方用时不多时发出短促的提示音，各种对局都适用。',
    animationHelp: '棋子滑动与淡出。若系统要求减少动态效果，棋子也不会动。',
    saved: '设置保存在本设备上。',
  },
};
