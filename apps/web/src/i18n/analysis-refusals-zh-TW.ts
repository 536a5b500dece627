import type { analysisRefusalsEn } from './analysis-refusals-en.js';

/** The analysis board's refusals in Traditional Chinese (see analysis-refusals-en.ts). */
export const analysisRefusalsZhTW: typeof analysisRefusalsEn = {
  analysis: {
    refusals: {
      'link-unreadable': '連結已損壞，無法讀取。',
      'link-damaged': '連結已損壞。',
      'link-options': '連結裡的選項已損壞。',
      'link-position': '連結裡的局面已損壞。',
      'link-move': '連結所指的那步棋已損壞。',
      'tree-unreadable': '連結裡的著法已損壞。',
      'tree-too-deep': '連結裡的變化超過 {{max}} 步，太長了。',
      'tree-move': '連結裡的第 {{ply}} 步已損壞。',
      'lines-no-number': '「{{text}}」前面沒有步數（應寫成「1. {{text}}」）。',
      'lines-no-move': '步數 {{ply}} 後面沒有著法。',
      'lines-side-first': '變化的「(」出現在任何著法之前。',
      'lines-unopened': '右括號「)」沒有對應的左括號。',
      'lines-unclosed': '有一個變化沒有結束：缺少「)」。',
      'move-refused': '第 {{ply}} 步 {{move}}：{{why}}',
      'not-legal': '這裡不能走這步棋。',
      'cc-rows': '局面應有 {{expected}} 行，這裡有 {{rows}} 行。',
      'cc-fields': '局面由各行、輪到的顏色以及（食棋時）吃子數組成，用空格分開。',
      'cc-row-letter': '第 {{row}} 行：「{{letter}}」既不是顏色（r o y g b p），也不是空位的個數。',
      'cc-row-points': '第 {{row}} 行應有 {{expected}} 個位置，這裡有 {{points}} 個。',
      'ab-too-few': '{{side}}只有 {{n}} 顆彈珠：被推出六顆時對局已經結束。',
      'ab-too-many': '{{side}}有 {{n}} 顆彈珠：每方最多 {{most}} 顆。',
      'jq-rows': '每方佈陣有 {{expected}} 排，用「/」分開，這裡有 {{rows}} 排。',
      'jq-row-points': '第 {{row}} 排有 {{points}} 個棋位，應為 {{expected}} 個。',
      'jq-letter': '第 {{row}} 排的「{{letter}}」不是棋子的字母。',
      'jq-camp-mark': '「+」表示行營，但第 {{row}} 排第 {{point}} 個棋位不是行營。',
      'hive-moves-only':
        '這裡只有著法，沒有它們所屬的對局。先寫對局類型、狀態和回合，再寫著法，每一項前面加「;」，例如 {{example}}。從本站回放複製的對局已經帶有這些。',
      detail: '{{words}}',
    },
  },
};
