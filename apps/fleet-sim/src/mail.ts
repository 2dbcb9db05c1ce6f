import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it (parsed with mailparser): what tests and /control/mail read. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
}

/**
 * The local mail sink (docs/fleet-sim.md "Mail"): an SMTP server on loopback that accepts every mail without
 * authentication or TLS and keeps it in memory, newest last. The api sends through it with nodemailer (SMTP_URL).
 */
export class MailSink {
  readonly mails: ReceivedMail[] = [];
  private readonly server: SMTPServer;
  private port = 0;

  constructor(private readonly log: (line: string) => void = () => undefined) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((m) => {
            const to = session.envelope.rcptTo.map((r) => r.address);
            this.mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to,
              subject: m.subject ?? '',
              text: m.text ?? '',
              html: typeof m.html === 'string' ? m.html : null,
              receivedAt: new Date().toISOString(),
            });
            this.log(`mail to ${to.join(', ')}: ${m.subject ?? ''}`);
            callback();
          })
          .catch((e: Error) => callback(e));
      },
    });
  }

  async listen(port: number, host: string): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://${host}:${this.port}`;
  }

  /** received mails, oldest first; only those to `to` when given */
  list(to?: string): ReceivedMail[] {
    const want = to?.toLowerCase();
    return this.mails.filter((m) => !want || m.to.some((a) => a.toLowerCase() === want)).map((m) => ({ ...m, to: [...m.to] }));
  }

  clear(): void {
    this.mails.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
