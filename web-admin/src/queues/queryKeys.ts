export const QUEUES_QUERY_KEY = ['admin-queues'];
