import { Type } from 'typebox';
import type { Static } from 'typebox';
import { DateTime, PaginationQuery, StringEnum } from '../../http/schemas.ts';
import { DEVICE_NAME_MAX } from './answer.ts';
import type { Device } from './types.ts';

const nullable = (description: string) => Type.Union([Type.String({ description }), Type.Null()]);

export const DeviceResponse = Type.Object(
  {
    id: Type.Integer({ description: 'Device id.' }),
    udid: Type.String({ description: 'The UDID as Apple writes it: 40 lowercase hex digits, or 8 and 16 uppercase hex digits joined by a hyphen.' }),
    name: nullable("The team's name for the device; first taken from the name the device reported."),
    product: nullable('Model identifier the device reported, e.g. iPhone15,2.'),
    model: nullable('Marketing name of the model: from the model identifier when Tarmac knows it, else as the Apple developer account names it (sync), e.g. iPhone 14 Pro.'),
    os_version: nullable('iOS build the device reported, e.g. 21F90.'),
    ios_version: nullable(
      'The iOS version of that build: the released version for a known release (21F90 → 17.5.1), else the major version (a beta 21F5073b → 17); ' +
        'null when the device reported no build or not an iOS one.',
    ),
    serial: nullable('Serial number.'),
    imei: nullable('IMEI, for devices with a cellular modem.'),
    source: StringEnum(['udid', 'sync', 'profile'] as const, {
      description:
        'Where the device came from first: `udid`, the device sent its UDID through /udid; `sync`, a sync from the Apple developer account (PUT /api/devices/{udid}); `profile`, the provisioning profile of an uploaded iOS build lists it.',
    }),
    platform: nullable("Apple's platform for the device (IOS, MAC_OS …), as the last sync said; null until a sync says it."),
    status: nullable("Apple's status for the device (ENABLED or DISABLED), as the last sync said; null until a sync says it."),
    created_at: DateTime('When the device was first stored (its first UDID answer, or the sync that first listed it).'),
    updated_at: DateTime('Last change: a new report from the device, a sync that changed something, or a rename.'),
  },
  { $id: 'Device', description: 'A registered Apple device.' },
);
export type DeviceResponse = Static<typeof DeviceResponse>;

export function toDeviceResponse(device: Device): DeviceResponse {
  return {
    id: device.id,
    udid: device.udid,
    name: device.name,
    product: device.product,
    model: device.model,
    os_version: device.osVersion,
    ios_version: device.iosVersion,
    serial: device.serial,
    imei: device.imei,
    source: device.source,
    platform: device.platform,
    status: device.status,
    created_at: device.createdAt,
    updated_at: device.updatedAt,
  };
}

export const ListDevicesQuery = Type.Object({
  ...PaginationQuery.properties,
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Finds devices whose UDID, name or model identifier contains this text (any case).' })),
});

/** A profile's devices run to a few hundred (100 per device family); a thousand leaves room. */
export const LOOKUP_MAX = 1000;

export const LookupDevicesBody = Type.Object({
  udids: Type.Array(Type.String({ maxLength: 64 }), {
    maxItems: LOOKUP_MAX,
    description: `UDIDs in any case (40 hex digits, 8 and 16 hex digits joined by a hyphen, or a Mac's hardware UUID); at most ${LOOKUP_MAX}.`,
  }),
});

export const UpdateDeviceBody = Type.Object({
  name: Type.String({
    maxLength: 1024,
    description: `The new name, trimmed; at most ${DEVICE_NAME_MAX} characters. An empty string clears it.`,
  }),
});

export const SyncDeviceParams = Type.Object({
  udid: Type.String({
    maxLength: 64,
    description: 'The UDID, in any case: 40 hex digits, or 8 and 16 hex digits joined by a hyphen. Stored in Apple\'s form.',
  }),
});

// fastlane's zealot_sync_devices sends token, name and model, form-encoded. Every field is a
// string (what a form carries); empty means "not said".
const syncText = (maxLength: number, description: string) => Type.Optional(Type.String({ maxLength, description }));
export const SyncDeviceBody = Type.Object({
  name: syncText(1024, `The name in the Apple developer account; trimmed, at most ${DEVICE_NAME_MAX} characters. Replaces the stored name; empty keeps it.`),
  model: syncText(1024, 'The model as the Apple developer account names it, e.g. iPhone 14 Pro; at most 255 characters.'),
  platform: syncText(64, "Apple's platform: IOS, MAC_OS … (ios and mac are read as IOS and MAC_OS); stored in upper case."),
  status: syncText(64, "Apple's status: ENABLED or DISABLED (c and r, the older portal's letters, are read as ENABLED and DISABLED)."),
});
