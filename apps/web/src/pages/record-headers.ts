/* An exported game's headers are written by one function, the server's export and the pages' alike (protocol). */
export { headerTags, pgnDate, type RecordContext, timeControl, withHeaders } from '@qiyuan/protocol/record-headers';
