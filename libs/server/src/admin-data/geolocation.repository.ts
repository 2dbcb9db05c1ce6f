import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client.js';
import type { SortDirection, WifiBody, WifiItem, WifiSort } from '@tracker/contract';
import { PrismaRepository, type PrismaDb } from '../core/db.js';

const SELECT = { mac: true, latitude: true, longitude: true, fixed: true, blacklisted: true, user_id: true, created: true, updated_at: true } as const;
type Row = Omit<WifiItem, 'created' | 'updated_at'> & { created: Date; updated_at: Date };
const item = (r: Row): WifiItem => ({ ...r, created: r.created.toISOString(), updated_at: r.updated_at.toISOString() });

/** Each sort of the search as its own ORDER BY (only these reach the database), the MAC last to break ties. */
const ORDER: Record<WifiSort, (dir: SortDirection) => Prisma.WifiAccessPointOrderByWithRelationInput[]> = {
  mac: (dir) => [{ mac: dir }],
  latitude: (dir) => [{ latitude: dir }, { mac: 'asc' }],
  longitude: (dir) => [{ longitude: dir }, { mac: 'asc' }],
  fixed: (dir) => [{ fixed: dir }, { mac: 'asc' }],
  blacklisted: (dir) => [{ blacklisted: dir }, { mac: 'asc' }],
  user_id: (dir) => [{ user_id: { sort: dir, nulls: 'last' } }, { mac: 'asc' }],
  updated_at: (dir) => [{ updated_at: dir }, { mac: 'asc' }],
};

/** The fields of an access point a save writes: the staff's screens all, the owner workspace's the MAC and position. */
export type WifiWrite = Pick<WifiBody, 'mac' | 'latitude' | 'longitude'> & Partial<Pick<WifiBody, 'fixed' | 'blacklisted'>>;

/**
 * Wifi access points (Prisma; the MAC is the key, 12 upper-case hex digits, so a prefix is a range of its index).
 * `owner` limits a call to the access points of one owner account (`user_id`, the owner workspace's /addwifi);
 * undefined is every access point (the staff's /geolocation screens).
 */
@Injectable()
export class GeolocationRepository extends PrismaRepository {
  /** Access points whose MAC starts with `prefix` (of one owner when `owner` is given), in the order of `sort`, and how many. */
  async search(
    prefix: string,
    sort: { sort: WifiSort; dir: SortDirection },
    take: number,
    skip: number,
    owner?: number,
  ): Promise<{ items: WifiItem[]; total: number }> {
    const where = { ...(prefix ? { mac: { startsWith: prefix } } : {}), ...(owner !== undefined ? { user_id: owner } : {}) };
    const [rows, total] = await Promise.all([
      this.prisma.wifiAccessPoint.findMany({ where, select: SELECT, orderBy: ORDER[sort.sort](sort.dir), take, skip }),
      this.prisma.wifiAccessPoint.count({ where }),
    ]);
    return { items: rows.map(item), total };
  }

  async get(mac: string): Promise<WifiItem | null> {
    const r = await this.prisma.wifiAccessPoint.findUnique({ where: { mac }, select: SELECT });
    return r ? item(r) : null;
  }

  /** Access point `mac` (of `owner`, when given) locked for a change, or null. */
  async forUpdate(tx: PrismaDb, mac: string, owner?: number): Promise<WifiItem | null> {
    const locked = await tx.$queryRaw<{ mac: string }[]>`SELECT mac FROM wifi_access_point
      WHERE mac = ${mac} AND (${owner ?? null}::int IS NULL OR user_id = ${owner ?? null}::int) FOR UPDATE`;
    if (locked.length === 0) return null;
    return item(await tx.wifiAccessPoint.findUniqueOrThrow({ where: { mac }, select: SELECT }));
  }

  /** A new access point (an owner's, when given); a taken MAC throws Prisma's unique violation (P2002). */
  async create(tx: PrismaDb, b: WifiWrite, owner?: number): Promise<WifiItem> {
    return item(await tx.wifiAccessPoint.create({ data: { ...b, user_id: owner ?? null }, select: SELECT }));
  }

  /** Changes `mac` (the key may change too: a taken one throws P2002); the fields not given and the owner stay. */
  async update(tx: PrismaDb, mac: string, b: WifiWrite): Promise<WifiItem> {
    return item(await tx.wifiAccessPoint.update({ where: { mac }, data: b, select: SELECT }));
  }

  async delete(tx: PrismaDb, mac: string): Promise<void> {
    await tx.wifiAccessPoint.delete({ where: { mac } });
  }
}
