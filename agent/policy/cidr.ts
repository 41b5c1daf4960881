// Moved to common/net-policy/ (shared with the coordinator); kept so agent imports stay put.
export * from '../../common/net-policy/cidr.js';
