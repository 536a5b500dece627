/** The words of the mailed links (address confirmation, password reset) in Simplified Chinese. */
import type { AccountMailMessages } from './account-mail.js';

export const accountMailZhCN: AccountMailMessages = {
  mailLinks: {
    confirmed: '已确认：通知会发到这个地址。',
    unconfirmed: '尚未确认：请打开我们发到这个地址的链接。确认之前不会向它发送其他邮件。',
    resend: '重新发送链接',
    resent: '已发送。请查看邮箱（以及垃圾邮件文件夹）。',
    limit: '今天不能再发送确认邮件了，请明天再试。',
    confirmTitle: '确认电子邮箱',
    confirming: '正在确认…',
    confirmDone: '你的地址 {{email}} 已确认：通知会发到这里。',
    confirmBad: '这个链接已过期或已被使用。可以在账号页面重新发送。',
    noToken: '请通过邮件中的链接打开这个页面。',
    forgot: '忘记密码？',
    resetTitle: '重设密码',
    resetAsk: '请输入你为账号确认过的电子邮箱。我们会发送一个设置新密码的链接，一小时内有效。',
    resetEmail: '电子邮箱',
    resetSend: '发送链接',
    resetSent: '如果这是某个账号已确认的地址，链接已经发出。请查看邮箱（以及垃圾邮件文件夹）。',
    resetNew: '新密码',
    resetSave: '设置新密码',
    resetDone: '密码已更改，账号的所有登录都已退出。请用新密码登录。',
    resetBad: '这个链接已过期或已被使用。请重新申请。',
    login: '登录',
  },
};
