// Friendly names for Apple model identifiers and iOS build numbers.

const MODELS: Record<string, string> = {
  'iPhone10,1': 'iPhone 8',
  'iPhone10,4': 'iPhone 8',
  'iPhone10,2': 'iPhone 8 Plus',
  'iPhone10,5': 'iPhone 8 Plus',
  'iPhone10,3': 'iPhone X',
  'iPhone10,6': 'iPhone X',
  'iPhone11,2': 'iPhone XS',
  'iPhone11,4': 'iPhone XS Max',
  'iPhone11,6': 'iPhone XS Max',
  'iPhone11,8': 'iPhone XR',
  'iPhone12,1': 'iPhone 11',
  'iPhone12,3': 'iPhone 11 Pro',
  'iPhone12,5': 'iPhone 11 Pro Max',
  'iPhone12,8': 'iPhone SE (2nd generation)',
  'iPhone13,1': 'iPhone 12 mini',
  'iPhone13,2': 'iPhone 12',
  'iPhone13,3': 'iPhone 12 Pro',
  'iPhone13,4': 'iPhone 12 Pro Max',
  'iPhone14,4': 'iPhone 13 mini',
  'iPhone14,5': 'iPhone 13',
  'iPhone14,2': 'iPhone 13 Pro',
  'iPhone14,3': 'iPhone 13 Pro Max',
  'iPhone14,6': 'iPhone SE (3rd generation)',
  'iPhone14,7': 'iPhone 14',
  'iPhone14,8': 'iPhone 14 Plus',
  'iPhone15,2': 'iPhone 14 Pro',
  'iPhone15,3': 'iPhone 14 Pro Max',
  'iPhone15,4': 'iPhone 15',
  'iPhone15,5': 'iPhone 15 Plus',
  'iPhone16,1': 'iPhone 15 Pro',
  'iPhone16,2': 'iPhone 15 Pro Max',
  'iPhone17,3': 'iPhone 16',
  'iPhone17,4': 'iPhone 16 Plus',
  'iPhone17,1': 'iPhone 16 Pro',
  'iPhone17,2': 'iPhone 16 Pro Max',
  'iPhone17,5': 'iPhone 16e',
  'iPad7,11': 'iPad (7th generation)',
  'iPad7,12': 'iPad (7th generation)',
  'iPad11,6': 'iPad (8th generation)',
  'iPad11,7': 'iPad (8th generation)',
  'iPad12,1': 'iPad (9th generation)',
  'iPad12,2': 'iPad (9th generation)',
  'iPad13,18': 'iPad (10th generation)',
  'iPad13,19': 'iPad (10th generation)',
  'iPad14,1': 'iPad mini (6th generation)',
  'iPad14,2': 'iPad mini (6th generation)',
  'iPad13,16': 'iPad Air (5th generation)',
  'iPad13,17': 'iPad Air (5th generation)',
  'iPad13,4': 'iPad Pro 11-inch (3rd generation)',
  'iPad13,5': 'iPad Pro 11-inch (3rd generation)',
  'iPad13,6': 'iPad Pro 11-inch (3rd generation)',
  'iPad13,7': 'iPad Pro 11-inch (3rd generation)',
  'iPad13,8': 'iPad Pro 12.9-inch (5th generation)',
  'iPad13,9': 'iPad Pro 12.9-inch (5th generation)',
  'iPad13,10': 'iPad Pro 12.9-inch (5th generation)',
  'iPad13,11': 'iPad Pro 12.9-inch (5th generation)',
  'iPad14,3': 'iPad Pro 11-inch (4th generation)',
  'iPad14,4': 'iPad Pro 11-inch (4th generation)',
  'iPad14,5': 'iPad Pro 12.9-inch (6th generation)',
  'iPad14,6': 'iPad Pro 12.9-inch (6th generation)',
  'iPad14,8': 'iPad Air 11-inch (M2)',
  'iPad14,9': 'iPad Air 11-inch (M2)',
  'iPad14,10': 'iPad Air 13-inch (M2)',
  'iPad14,11': 'iPad Air 13-inch (M2)',
  'iPad16,3': 'iPad Pro 11-inch (M4)',
  'iPad16,4': 'iPad Pro 11-inch (M4)',
  'iPad16,5': 'iPad Pro 13-inch (M4)',
  'iPad16,6': 'iPad Pro 13-inch (M4)',
  'iPod9,1': 'iPod touch (7th generation)',
};

/** The marketing name of a model identifier (`iPhone15,2` → iPhone 14 Pro), when known. */
export function modelName(product: string | null): string | null {
  return product ? (Object.hasOwn(MODELS, product) ? MODELS[product]! : null) : null;
}

// iOS build numbers → the versions Apple released under them (Settings › General › About shows
// both; a device's profile answer reports only the build). Apple publishes no list: these are
// the public releases of iOS 15 to 26 as Apple's update pages and Xcode name them. A build not
// here still gets its major version from its train (below).
const IOS_BUILDS: Record<string, string> = {
  '19A346': '15.0', '19A348': '15.0.1', '19A404': '15.0.2', '19B74': '15.1', '19B81': '15.1.1', '19C56': '15.2',
  '19C63': '15.2.1', '19D50': '15.3', '19D52': '15.3.1', '19E241': '15.4', '19E258': '15.4.1', '19F77': '15.5',
  '19G71': '15.6', '19G82': '15.6.1', '19H12': '15.7',
  '20A362': '16.0', '20A371': '16.0.1', '20A380': '16.0.2', '20A392': '16.0.3', '20B82': '16.1', '20B101': '16.1.1',
  '20B110': '16.1.2', '20C65': '16.2', '20D47': '16.3', '20D67': '16.3.1', '20E247': '16.4', '20E252': '16.4.1',
  '20F66': '16.5', '20F75': '16.5.1', '20G75': '16.6', '20G81': '16.6.1', '20H19': '16.7', '20H30': '16.7.1',
  '20H115': '16.7.2',
  '21A329': '17.0', '21A331': '17.0', '21A340': '17.0.1', '21A351': '17.0.2', '21A360': '17.0.3', '21B80': '17.1',
  '21B91': '17.1.1', '21B101': '17.1.2', '21C62': '17.2', '21C66': '17.2.1', '21D50': '17.3', '21D61': '17.3.1',
  '21E219': '17.4', '21E236': '17.4.1', '21E237': '17.4.1', '21F79': '17.5', '21F90': '17.5.1', '21G80': '17.6',
  '21G93': '17.6.1', '21G101': '17.6.1', '21H16': '17.7', '21H216': '17.7.1', '21H221': '17.7.2',
  '22A3354': '18.0', '22A3370': '18.0.1', '22B83': '18.1', '22B91': '18.1.1', '22C152': '18.2', '22C161': '18.2.1',
  '22D63': '18.3', '22D72': '18.3.1', '22D82': '18.3.2', '22E240': '18.4', '22E252': '18.4.1', '22F76': '18.5',
  '22G86': '18.6', '22G90': '18.6.1', '22G100': '18.6.2',
  '23A341': '26.0', '23A355': '26.0.1', '23B85': '26.1',
};

/**
 * The iOS major version of a build number (`21A329` → 17): Apple numbers builds from 13 for
 * iOS 9 upwards, and iOS 26 (2025) follows iOS 18 with build 23. Null when it does not look like one.
 */
export function iosMajorFromBuild(build: string | null): number | null {
  const match = build ? /^(\d{2})[A-Z]\d{1,4}[a-z]?$/.exec(build) : null;
  if (!match) return null;
  const train = Number(match[1]);
  if (train < 13) return null;
  return train >= 23 ? train + 3 : train - 4;
}

/**
 * The iOS version a device's build number stands for: the released version when the build is a
 * known release (`21F90` → 17.5.1), else its major version (`21F5073b`, a beta → 17); null when
 * it is not an iOS build number. The one place that reads build numbers: the devices API
 * (`ios_version`) and the UDID pages use it.
 */
export function iosVersionOfBuild(build: string | null): string | null {
  if (build && Object.hasOwn(IOS_BUILDS, build)) return IOS_BUILDS[build]!;
  const major = iosMajorFromBuild(build);
  return major === null ? null : String(major);
}
