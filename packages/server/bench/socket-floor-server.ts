/**
 * The floor of `qiyuan bench server`: a WebSocket server that answers the load's messages as the real one does, in
 * kind and size, with texts made once — no game, no store, no frames built. A move is a message received and
 * parsed, then its acknowledgement and an update of the real frame's size sent together (corked, one write), as the
 * real server sends them. Prints `listening <port>` like server-process.ts.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { WebSocketServer } from 'ws';

// a Chinese Checkers frame of a hotseat game late in its play is about 1.3 KB
const update = JSON.stringify({ type: 'game.update', event: 'move', padding: 'x'.repeat(1250) });
const server = http.createServer();
const sockets = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
let games = 0;
sockets.on('connection', (ws, req) => {
  const raw = req.socket as Socket;
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as { type: string; id?: string; seq?: number };
    if (m.type === 'seek.create') {
      ws.send(JSON.stringify({ type: 'seek.created', id: m.id, seek: { id: `g${games++}` } }));
    } else if (m.type === 'game.move') {
      raw.cork();
      ws.send(JSON.stringify({ type: 'ack', id: m.id, seq: (m.seq ?? 0) + 1 }));
      ws.send(update);
      raw.uncork();
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => process.exit(0));
