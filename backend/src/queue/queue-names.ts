/** Every queue of the product; kebab-case names, one per concern (DESIGN.md section 5). */
export enum QueueName {
  Payments = 'payments',
  Analytics = 'analytics',
  Notifications = 'notifications',
  Maintenance = 'maintenance',
}

export const ALL_QUEUES: readonly QueueName[] = Object.values(QueueName);
