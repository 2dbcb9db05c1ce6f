import { Controller } from '@nestjs/common';
import { ROUTES } from '@tracker/contract';
import { Endpoint, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { ListsService } from './lists.service.js';

@Controller()
export class ListsController {
  constructor(private readonly lists: ListsService) {}

  @Endpoint(ROUTES.deviceTypes)
  async deviceTypes(@Session() s: SessionUser) {
    return { model: await this.lists.deviceTypes(s) };
  }

  @Endpoint(ROUTES.deviceLanguages)
  async deviceLanguages() {
    return { model: await this.lists.languages() };
  }

  @Endpoint(ROUTES.deviceList)
  async deviceList(@Session() s: SessionUser) {
    return { model: await this.lists.deviceList(s) };
  }

  @Endpoint(ROUTES.operatorList)
  async operators(@Session() s: SessionUser) {
    return { model: await this.lists.operators(s) };
  }

  @Endpoint(ROUTES.voipCentralList)
  async voipCentrals() {
    return { model: await this.lists.voipCentrals() };
  }

  @Endpoint(ROUTES.smsGatewayList)
  async smsGateways() {
    return { model: await this.lists.smsGateways() };
  }

  @Endpoint(ROUTES.importServers)
  async servers() {
    return { model: await this.lists.servers() };
  }

  @Endpoint(ROUTES.importLanguages)
  async importLanguages() {
    return { model: await this.lists.languages() };
  }

  @Endpoint(ROUTES.importRoles)
  roles(@Session() s: SessionUser) {
    return { model: this.lists.roles(s) };
  }

  @Endpoint(ROUTES.importFinished)
  async finishedImports() {
    return { model: await this.lists.finishedImports() };
  }

  @Endpoint(ROUTES.whiteLabelList)
  async whiteLabels(@Session() s: SessionUser) {
    return { model: await this.lists.whiteLabels(s) };
  }

  @Endpoint(ROUTES.deploymentList)
  async deployments(@Session() s: SessionUser) {
    return { model: await this.lists.deployments(s) };
  }

  @Endpoint(ROUTES.backofficeUserList)
  async backofficeUsers(@Session() s: SessionUser) {
    return { model: await this.lists.backofficeUsers(s) };
  }

  @Endpoint(ROUTES.countries)
  async countries() {
    return { model: await this.lists.countries() };
  }
}
