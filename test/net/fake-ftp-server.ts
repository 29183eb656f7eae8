// A small FTP server on 127.0.0.1 (passive mode only) for the client's tests; it records every command it gets.
import net, { type AddressInfo, type Server, type Socket } from 'node:net';

export interface FakeFtpOptions {
  files: Record<string, string>;
  /** Answer EPSV; when false the client has to fall back to PASV. */
  epsv?: boolean;
  /** The address PASV announces (a hostile server may name any). */
  pasvAddress?: string;
  /** Never send the greeting (to exercise time limits). */
  silent?: boolean;
}

export interface FakeFtpServer {
  port: number;
  commands: string[];
  close(): Promise<void>;
}

function openDataServer(): Promise<{ port: number; socket: Promise<Socket>; server: Server }> {
  return new Promise((resolve) => {
    let accept: (s: Socket) => void = () => undefined;
    const socket = new Promise<Socket>((r) => { accept = r; });
    const server = net.createServer((s) => accept(s));
    server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as AddressInfo).port, socket, server }));
  });
}

export async function startFakeFtp(options: FakeFtpOptions): Promise<FakeFtpServer> {
  const commands: string[] = [];
  const sockets = new Set<Socket>();
  const dataServers = new Set<Server>();
  const server = net.createServer((control) => {
    sockets.add(control);
    control.on('close', () => sockets.delete(control));
    control.on('error', () => undefined);
    if (options.silent) return;
    control.write('220-Welcome to the fake FTP server\r\n220 Ready\r\n');
    let data: Awaited<ReturnType<typeof openDataServer>> | null = null;
    let buffer = '';
    control.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        commands.push(line);
        void answer(line);
      }
    });
    async function answer(line: string): Promise<void> {
      const [verb = '', ...rest] = line.split(' ');
      const arg = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'USER': control.write('331 Password please\r\n'); break;
        case 'PASS': control.write('230 Logged in\r\n'); break;
        case 'TYPE': control.write('200 Type set\r\n'); break;
        case 'EPSV':
          if (options.epsv === false) { control.write('500 EPSV not understood\r\n'); break; }
          data = await openDataServer();
          dataServers.add(data.server);
          control.write(`229 Entering Extended Passive Mode (|||${data.port}|)\r\n`);
          break;
        case 'PASV': {
          data = await openDataServer();
          dataServers.add(data.server);
          const host = (options.pasvAddress ?? '127.0.0.1').replaceAll('.', ',');
          control.write(`227 Entering Passive Mode (${host},${data.port >> 8},${data.port & 255})\r\n`);
          break;
        }
        case 'RETR': {
          const content = options.files[arg];
          if (content === undefined || data === null) { control.write('550 No such file\r\n'); break; }
          control.write('150 Opening BINARY mode data connection\r\n');
          const socket = await data.socket;
          socket.on('error', () => undefined);
          socket.end(content, () => control.write('226 Transfer complete\r\n'));
          break;
        }
        case 'QUIT': control.end('221 Bye\r\n'); break;
        default: control.write('502 Not implemented\r\n');
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    commands,
    close: async () => {
      for (const s of sockets) s.destroy();
      for (const d of dataServers) d.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
