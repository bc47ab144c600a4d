const titled = (id: string) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1) });

export const CONTENT_TYPE_CHOICES = ['video', 'document', 'image', 'audio'].map(titled);
export const CONTENT_CATEGORY_CHOICES = ['programming', 'marketing', 'design', 'business'].map(titled);
