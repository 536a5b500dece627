/** A fair deal's and a sealed deal's words (Traditional Chinese). */
import type { DealWords } from './deal-words.js';

export const dealWordsZhTW: DealWords = {
  fairDeal: {
    commitment: '承諾值（SHA-256），第一步之前公布',
    seed: '種子，賽後公布',
    salt: '鹽，賽後公布',
    checkYourself: '自己驗證',
    hashed: '伺服器所雜湊的文字，由你的瀏覽器根據種子、鹽和種子產生的布局重新得出：',
    yourHash: '你的瀏覽器算出的 SHA-256：',
    same: '與承諾值一致：暗子在第一步之前就已確定。',
    different: '與承諾值不一致。',
    how: '如何在別處驗證',
    recipe1:
      '承諾值是一個不含空格的 JSON 陣列的 UTF-8 文字的 SHA-256（小寫十六進位）。陣列依序為："qiyuan-commitment-1"、對局編號（本頁網址的最後一段）、棋種名稱（如 junqi）、種子、鹽，以及種子產生的開局局面。',
    recipe2:
      '開局局面是棋規引擎依對局選項和這個種子建立對局後的局面文字：翻棋中是每個暗子在各點位上的顏色和軍銜。「自己驗證」顯示的文字正是被雜湊的內容，可複製到任何 SHA-256 工具中比對。',
    recipe3: '對局匯出的棋譜以 Commitment、Seed、Salt 標籤記有這三個值，僅憑棋譜即可驗證。如果發現不一致，請回報。',
  },
  sealed: {
    line: '公平發牌：已封存 {{short}}…',
    tooltip: '暗子布局的指紋（SHA-256），在第一步之前發給每位棋手',
    what: '這是什麼？',
    explain:
      '你看不到的棋子，是伺服器在開局前用一個秘密種子擺好的。每位棋手都收到了這個指紋，它由種子、一個秘密的鹽和它們產生的布局算出；從指紋推不出布局，伺服器若改動布局，指紋也會隨之改變。對局結束後會公開種子和鹽，回放頁面會在你的瀏覽器裡重新計算指紋：兩者一致，就表示你下的正是開局時封存的那一副布局。',
    full: '完整指紋：',
  },
};
