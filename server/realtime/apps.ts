export interface RealtimeApp {
  id: string;
  key: string;
  secret: string;
}

export class AppRegistry {
  private readonly byKey = new Map<string, RealtimeApp>();
  private readonly byId = new Map<string, RealtimeApp>();

  constructor(apps: readonly RealtimeApp[]) {
    if (apps.length === 0) throw new Error('realtime: at least one app is required');
    for (const app of apps) {
      if (!app.id || !app.key || !app.secret) throw new Error('realtime: every app needs id, key and secret');
      // Two apps sharing a key or id would make routing depend on list order.
      if (this.byKey.has(app.key)) throw new Error(`realtime: duplicate app key ${app.key}`);
      if (this.byId.has(app.id)) throw new Error(`realtime: duplicate app id ${app.id}`);
      this.byKey.set(app.key, app);
      this.byId.set(app.id, app);
    }
  }

  findByKey(key: string): RealtimeApp | undefined {
    return this.byKey.get(key);
  }

  findById(id: string): RealtimeApp | undefined {
    return this.byId.get(id);
  }
}
