export const ROLE_CHOICES = [
  { id: 'student', name: 'Student' },
  { id: 'admin', name: 'Admin' },
];

export const STATUS_CHOICES = [
  { id: 'active', name: 'Active' },
  { id: 'inactive', name: 'Inactive' },
  { id: 'suspended', name: 'Suspended' },
];

export const PLAN_CHOICES = [
  { id: 'free', name: 'Free' },
  { id: 'premium', name: 'Premium' },
  { id: 'lifetime', name: 'Lifetime' },
];

export const STATUS_COLORS = { active: 'success', inactive: 'default', suspended: 'error' } as const;
