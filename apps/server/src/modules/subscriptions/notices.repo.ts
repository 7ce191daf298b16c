// Moved to modules/notices (the notification centre); kept so its writers' imports keep working.
export * from '../notices/notices.repo';
