// Registered iOS devices as /api answers them (tag "Devices" in /api/openapi.json): the list
// (search, pages), rename (global developers and admins) and delete (global admins). Devices
// come from /udid or from a sync of the Apple developer account (PUT /api/devices/{udid}).
import { useQuery } from '@tanstack/react-query';
import { request, requestPage } from './client.ts';

export type DeviceSource = 'udid' | 'sync' | 'profile';

export interface Device {
  id: number;
  udid: string;
  name: string | null;
  /** Model identifier, e.g. iPhone15,2. */
  product: string | null;
  /** Marketing name when the server knows it, e.g. iPhone 14 Pro. */
  model: string | null;
  os_version: string | null;
  serial: string | null;
  imei: string | null;
  /** Where it came from: the device itself through /udid, or a sync from the Apple developer account. */
  source: DeviceSource;
  /** Apple's platform (IOS, MAC_OS …), once a sync said it. */
  platform: string | null;
  /** Apple's status (ENABLED, DISABLED …), once a sync said it. */
  status: string | null;
  created_at: string;
  updated_at: string;
}

export const DEVICES_PER_PAGE = 20;
/** The server's limit on a device name. */
export const DEVICE_NAME_MAX = 255;

export interface DeviceFilter {
  q: string;
  page: number;
}

export const devicesKey = (filter?: DeviceFilter) => (filter ? (['devices', filter] as const) : (['devices'] as const));

export function listDevices(filter: DeviceFilter) {
  return requestPage<Device>('/devices', { page: filter.page, perPage: DEVICES_PER_PAGE, query: { q: filter.q.trim() } });
}

export function useDevices(filter: DeviceFilter) {
  return useQuery({ queryKey: devicesKey(filter), queryFn: () => listDevices(filter), placeholderData: (previous) => previous });
}

export function getDevice(id: number): Promise<Device> {
  return request<Device>(`/devices/${id}`);
}

/** An empty name clears it. */
export function renameDevice(id: number, name: string): Promise<Device> {
  return request<Device>(`/devices/${id}`, { method: 'PATCH', json: { name } });
}

export function deleteDevice(id: number): Promise<void> {
  return request<void>(`/devices/${id}`, { method: 'DELETE' });
}

/** The address testers open in Safari on their iPhone to register it. */
export function udidUrl(): string {
  return `${window.location.origin}/udid`;
}
