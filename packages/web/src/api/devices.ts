// Registered iOS devices as /api answers them (tag "Devices" in /api/openapi.json): the list
// (search, pages), rename (global developers and admins) and delete (global admins). Devices
// come from /udid or from a sync of the Apple developer account (PUT /api/devices/{udid}).
import { useQuery } from '@tanstack/react-query';
import { answer, answerPage, api } from './client.ts';
import type { Schemas } from './client.ts';

export type Device = Schemas['Device'];
export type DeviceSource = Device['source'];

export const DEVICES_PER_PAGE = 20;
/** The server's limit on a device name. */
export const DEVICE_NAME_MAX = 255;

export interface DeviceFilter {
  q: string;
  page: number;
}

export const devicesKey = (filter?: DeviceFilter) => (filter ? (['devices', filter] as const) : (['devices'] as const));

export function listDevices(filter: DeviceFilter) {
  // No per_page: the site's per_page setting decides; answerPage reads the size used (X-Per-Page).
  const query = { q: filter.q.trim(), page: filter.page };
  return answerPage(api.GET('/api/devices', { params: { query } }), filter.page, DEVICES_PER_PAGE);
}

export function useDevices(filter: DeviceFilter) {
  return useQuery({ queryKey: devicesKey(filter), queryFn: () => listDevices(filter), placeholderData: (previous) => previous });
}

/** The registered devices among these UDIDs (a provisioning profile's list): one request for the whole list. */
export function lookupDevices(udids: string[]): Promise<Device[]> {
  return answer(api.POST('/api/devices/lookup', { body: { udids } }));
}

/**
 * The team's devices by UDID (uppercase, so any case matches) for a profile's list; empty until
 * they load, or when the lookup fails (the UDIDs alone are then shown).
 */
export function useDevicesByUdid(udids: string[]): Map<string, Device> {
  const query = useQuery({
    queryKey: [...devicesKey(), 'lookup', udids] as const,
    queryFn: () => lookupDevices(udids),
    enabled: udids.length > 0,
    staleTime: 60_000,
  });
  return new Map((query.data ?? []).map((device) => [device.udid.toUpperCase(), device]));
}

export function getDevice(id: number): Promise<Device> {
  return answer(api.GET('/api/devices/{id}', { params: { path: { id } } }));
}

/** An empty name clears it. */
export function renameDevice(id: number, name: string): Promise<Device> {
  return answer(api.PATCH('/api/devices/{id}', { params: { path: { id } }, body: { name } }));
}

export function deleteDevice(id: number): Promise<Schemas['MessageResponse']> {
  return answer(api.DELETE('/api/devices/{id}', { params: { path: { id } } }));
}

/** The address testers open in Safari on their iPhone to register it. */
export function udidUrl(): string {
  return `${window.location.origin}/udid`;
}
