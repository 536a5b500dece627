/**
 * The Abalone board's words and its create-form options, per language.
 * Added to the catalogue (deep merge) when the Abalone module loads, so the
 * shared catalogue files stay untouched.
 */
export const abaloneEn = {
  abaloneUi: {
    board: 'Abalone board',
    cell: '{{name}}',
    cellBlack: '{{name}}, black marble',
    cellWhite: '{{name}}, white marble',
    selected: 'selected',
    direction: 'Move {{dir}}',
    push: 'pushes',
    ejects: 'pushes a marble off',
    ejected: '{{side}}: {{n}} / 6 pushed off',
    hint: 'Select one to three marbles in a line, then a direction (Escape clears)',
    clear: 'Selection cleared',
    start: 'Start position',
    repetition: 'Draw by threefold repetition',
    maxPlies: 'Move cap (0: none)',
    letterBlack: 'B',
    letterWhite: 'W',
    confirm: 'Previewed: tap it again to play this move',
  },
  values: {
    abalone: {
      start: {
        standard: 'Standard',
        'belgian-daisy': 'Belgian Daisy',
        'german-daisy': 'German Daisy',
        'dutch-daisy': 'Dutch Daisy',
        'swiss-daisy': 'Swiss Daisy',
      },
    },
  },
};

export const abaloneZhCN: typeof abaloneEn = {
  abaloneUi: {
    board: '角力棋棋盘',
    cell: '{{name}}',
    cellBlack: '{{name}}，黑子',
    cellWhite: '{{name}}，白子',
    selected: '已选',
    direction: '向{{dir}}移动',
    push: '推动',
    ejects: '推出一子',
    ejected: '{{side}}：已推出 {{n}} / 6',
    hint: '选择一条直线上的一到三颗子，再选方向（Esc 取消）',
    clear: '已取消选择',
    start: '开局',
    repetition: '三次重复局面判和',
    maxPlies: '步数上限（0：不限）',
    letterBlack: '黑',
    letterWhite: '白',
    confirm: '已预览：再点一次即走这一步',
  },
  values: {
    abalone: {
      start: {
        standard: '标准',
        'belgian-daisy': '比利时雏菊',
        'german-daisy': '德国雏菊',
        'dutch-daisy': '荷兰雏菊',
        'swiss-daisy': '瑞士雏菊',
      },
    },
  },
};

export const abaloneZhTW: typeof abaloneEn = {
  abaloneUi: {
    board: '角力棋棋盤',
    cell: '{{name}}',
    cellBlack: '{{name}}，黑子',
    cellWhite: '{{name}}，白子',
    selected: '已選',
    direction: '向{{dir}}移動',
    push: '推動',
    ejects: '推出一子',
    ejected: '{{side}}：已推出 {{n}} / 6',
    hint: '選擇一條直線上的一到三顆子，再選方向（Esc 取消）',
    clear: '已取消選擇',
    start: '開局',
    repetition: '三次重複局面判和',
    maxPlies: '步數上限（0：不限）',
    letterBlack: '黑',
    letterWhite: '白',
    confirm: '已預覽：再點一次即走這一步',
  },
  values: {
    abalone: {
      start: {
        standard: '標準',
        'belgian-daisy': '比利時雛菊',
        'german-daisy': '德國雛菊',
        'dutch-daisy': '荷蘭雛菊',
        'swiss-daisy': '瑞士雛菊',
      },
    },
  },
};
