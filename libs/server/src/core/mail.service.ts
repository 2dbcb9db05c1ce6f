import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from './config.js';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

/**
 * Sends the api's mails over SMTP with nodemailer (`SMTP_URL`, from `MAIL_FROM`): in development and tests to
 * fleet-sim's mail sink (docs/fleet-sim.md "Mail"). One pooled transport per process.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(config: AppConfig) {
    this.transport = nodemailer.createTransport(config.get('SMTP_URL'));
    this.from = config.get('MAIL_FROM');
  }

  /** Sends one mail; rejects when the SMTP server does not take it. */
  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  onModuleDestroy() {
    this.transport.close();
  }
}
