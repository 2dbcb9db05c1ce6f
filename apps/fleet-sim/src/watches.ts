import pg from 'pg';

/** A seeded device as its watch: the number it answers on and the commands of its type. */
export interface Watch {
  deviceId: number;
  deviceTypeId: number;
  number: string;
}

export interface Command {
  key: string;
  template: string;
  takesMessage: boolean;
}

/**
 * The watch platform's database, read to know which numbers are watches and what they understand; written only
 * where the real platform's upload server would write (device_log). Command templates and gateway prefixes are
 * cached until reset().
 */
export class FleetDb {
  private readonly pool: pg.Pool;
  private commands = new Map<number, Promise<Command[]>>();
  private settings = new Map<number, Promise<Set<number>>>();
  private prefixes: Promise<string[]> | null = null;

  constructor(databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: 'fleet-sim' });
    // an idle connection the server ended is dropped and replaced by the pool; unheard, its 'error' ends the process
    this.pool.on('error', (err) => console.warn(`fleet-sim: database connection closed by the server (${err.message})`));
  }

  async watch(number: string): Promise<Watch | null> {
    const r = await this.pool.query<{ id: number; device_type_id: number }>(
      'select id, device_type_id from device where gsm_number = $1 order by id limit 1',
      [number],
    );
    const row = r.rows[0];
    return row ? { deviceId: row.id, deviceTypeId: row.device_type_id, number } : null;
  }

  commandsOf(deviceTypeId: number): Promise<Command[]> {
    let hit = this.commands.get(deviceTypeId);
    if (!hit) {
      hit = this.pool
        .query<{ command_key: string; template: string; takes_message: boolean }>(
          'select command_key, template, takes_message from sms_command where device_type_id = $1 order by id',
          [deviceTypeId],
        )
        .then((r) => r.rows.map((c) => ({ key: c.command_key, template: c.template, takesMessage: c.takes_message })));
      this.commands.set(deviceTypeId, hit);
    }
    return hit;
  }

  /** setting numbers a device of this type has (its default settings) */
  settingsOf(deviceTypeId: number): Promise<Set<number>> {
    let hit = this.settings.get(deviceTypeId);
    if (!hit) {
      hit = this.pool
        .query<{ setting_no: number }>('select setting_no from default_setting where device_type_id = $1', [deviceTypeId])
        .then((r) => new Set(r.rows.map((s) => s.setting_no)));
      this.settings.set(deviceTypeId, hit);
    }
    return hit;
  }

  /** the command prefixes gateways put before a text (sms_gateway.command), longest first */
  gatewayPrefixes(): Promise<string[]> {
    this.prefixes ??= this.pool
      .query<{ command: string }>("select distinct command from sms_gateway where command is not null and command <> ''")
      .then((r) => r.rows.map((g) => g.command).sort((a, b) => b.length - a.length));
    return this.prefixes;
  }

  /** the log file a watch uploads after LOG,SEND#, stored as the platform's upload server stores it */
  async insertLog(deviceId: number, log: { fileName: string; level: number | null; duration: number | null; content: Buffer }): Promise<void> {
    await this.pool.query(
      'insert into device_log (device_id, file_name, log_level, duration, size_bytes, content) values ($1, $2, $3, $4, $5, $6)',
      [deviceId, log.fileName, log.level, log.duration, log.content.length, log.content],
    );
  }

  reset(): void {
    this.commands = new Map();
    this.settings = new Map();
    this.prefixes = null;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
