// Agent releases, the fleet's rollout and per-device pins (coordinator/releases/), behind both
// stores. The bundle bytes are in content storage under the release's storage key.

export interface ReleaseRecord {
  version: string;
  /** sha256:<hex> of the bundle. */
  digest: string;
  /** Ed25519 over (version, digest) by a release key, base64. The coordinator never checks it. */
  signature: string;
  sizeBytes: number;
  storageType: 'local' | 's3';
  storageKey: string;
  createdAt: string;
}

/** What the fleet should run: `percent` of the devices (picked by id) take `version`. */
export interface RolloutRecord {
  version: string;
  /** 0 … 100. */
  percent: number;
  updatedAt: string;
}

/** A device held at one version, whatever the rollout says. */
export interface VersionPinRecord {
  deviceId: string;
  version: string;
  createdAt: string;
}

export interface ReleaseStore {
  /** False when the version exists already (releases are immutable). */
  insertRelease(release: ReleaseRecord): Promise<boolean>;
  getRelease(version: string): Promise<ReleaseRecord | null>;
  /** Newest first. */
  listReleases(): Promise<ReleaseRecord[]>;
  getRollout(): Promise<RolloutRecord | null>;
  setRollout(rollout: RolloutRecord): Promise<void>;
  listPins(): Promise<VersionPinRecord[]>;
  setPin(pin: VersionPinRecord): Promise<void>;
  /** False when the device had no pin. */
  deletePin(deviceId: string): Promise<boolean>;
}
