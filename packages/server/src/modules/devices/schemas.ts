import { Type } from 'typebox';
import type { Static } from 'typebox';
import { PaginationQuery } from '../../http/schemas.ts';
import { DEVICE_NAME_MAX } from './fns.ts';
import type { Device } from './types.ts';

const nullable = (description: string) => Type.Union([Type.String({ description }), Type.Null()]);
const timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const DeviceResponse = Type.Object(
  {
    id: Type.Integer({ description: 'Device id.' }),
    udid: Type.String({ description: 'The UDID as Apple writes it: 40 lowercase hex digits, or 8 and 16 uppercase hex digits joined by a hyphen.' }),
    name: nullable("The team's name for the device; first taken from the name the device reported."),
    product: nullable('Model identifier the device reported, e.g. iPhone15,2.'),
    model: nullable('Marketing name of the model when Tarmac knows it, e.g. iPhone 14 Pro.'),
    os_version: nullable('iOS build the device reported, e.g. 21A329.'),
    serial: nullable('Serial number.'),
    imei: nullable('IMEI, for devices with a cellular modem.'),
    created_at: timestamp('When the device first sent its UDID.'),
    updated_at: timestamp('Last change: a new report from the device, or a rename.'),
  },
  { $id: 'Device' },
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
    serial: device.serial,
    imei: device.imei,
    created_at: device.createdAt,
    updated_at: device.updatedAt,
  };
}

export const ListDevicesQuery = Type.Object({
  ...PaginationQuery.properties,
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Finds devices whose UDID, name or model identifier contains this text (any case).' })),
});

export const UpdateDeviceBody = Type.Object({
  name: Type.String({
    maxLength: 1024,
    description: `The new name, trimmed; at most ${DEVICE_NAME_MAX} characters. An empty string clears it.`,
  }),
});
