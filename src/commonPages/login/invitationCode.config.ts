export default definePageConfig({ navigationBarTitleText: '填写邀请码', navigationStyle: 'custom' })
